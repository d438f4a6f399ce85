import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button, Radio, RadioGroup } from 'react-aria-components';
import { useNavigate, useSearchParams } from '../../app/router';
import type { AllContent } from '../../content/hooks';
import { sessionErrorTarget } from '../../lib/accountSession';
import { trackCallFailure, useCallFailureTracking } from '../../lib/analytics';
import type { Locale } from '../../lib/locale';
import { accountPickerQuery, chooseAccount, type PickerAccount } from './api';

/** Seed 001 §4, §9: a required call failing leads to the error page after 1,000 ms. */
export const PICKER_ERROR_REDIRECT_MS = 1_000;

/** One radio group of accounts under its heading; `value` is shared by both groups. */
function AccountGroup({
  heading,
  accounts,
  value,
  onChange,
  testId,
}: {
  heading: string;
  accounts: readonly PickerAccount[];
  value: string | null;
  onChange: (id: string) => void;
  testId: string;
}) {
  const headingId = useId();
  if (accounts.length === 0) return null;
  const mine = accounts.some((a) => a.accountId === value) ? value : null;
  return (
    <div className="picker-group" data-testid={testId}>
      <h2 id={headingId}>{heading}</h2>
      <RadioGroup aria-labelledby={headingId} value={mine} onChange={onChange}>
        {accounts.map((a) => (
          <Radio key={a.accountId} value={a.accountId} className="picker-option">
            <span className="picker-option__dot" aria-hidden="true" />
            <span>
              <strong>{a.streetAddress}</strong>
              <br />
              {a.cityStateZip}
            </span>
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}

/**
 * The account picker (seed 001 §2 "Account picker", §4): open accounts ("your current
 * account") and closed ones ("your past accounts") as two radio groups of one choice; Continue
 * stays disabled until a choice; the BFF keeps it (`chooseAccount`) and says where to go. A
 * failed read that is not a session error (those are `SessionErrors`') is the error page after
 * 1 s (seed 001 §4 "Any required API failure").
 */
export function AccountPickerPage({ locale, content }: { locale: Locale; content: AllContent['accountPicker'] }) {
  const query = useSearchParams();
  const navigate = useNavigate();
  const picker = useQuery(accountPickerQuery);
  useCallFailureTracking(picker.error, 'getAccountPicker');
  const failed = picker.isError && !sessionErrorTarget(picker.error, locale);
  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => navigate(`/${locale}/error`, { replace: true }), PICKER_ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [failed, navigate, locale]);
  const [chosen, setChosen] = useState<string | null>(null);
  const choose = useMutation({
    mutationFn: chooseAccount,
    onSuccess: ({ next }) => {
      // the dashboard keeps the handoff's bhr and mobile flags
      const search = query.toString();
      navigate(next === 'dashboard' ? `/${locale}/dashboard${search ? `?${search}` : ''}` : `/${locale}/permission-error`);
    },
    onError: (e) => {
      trackCallFailure(e, 'signin');
      navigate(`/${locale}/error`, { replace: true });
    },
  });

  // no account in the prepaid database: nothing to choose, so no "more than one address" and
  // no Continue that could never be enabled; the note says what to do (call to link one)
  const none = picker.data !== undefined && picker.data.open.length === 0 && picker.data.closed.length === 0;
  return (
    <section className="signin-page" data-page="account-picker" data-stage={none ? 'empty' : undefined}>
      <title>{content.title}</title>
      <h1>{content.title}</h1>
      {none ? (
        <p className="picker-note" data-testid="picker-empty">
          {content.unlistedNote}
        </p>
      ) : (
        <p>{content.subtitle}</p>
      )}
      {none ? null : picker.data ? (
        <>
          <AccountGroup heading={content.currentAccounts} accounts={picker.data.open} value={chosen} onChange={setChosen} testId="open-accounts" />
          <AccountGroup heading={content.pastAccounts} accounts={picker.data.closed} value={chosen} onChange={setChosen} testId="closed-accounts" />
          <Button
            className="button button--primary"
            isDisabled={chosen === null || choose.isPending || choose.isSuccess}
            onPress={() => chosen && choose.mutate(chosen)}
          >
            {content.continueLabel}
          </Button>
          <p className="picker-note">{content.unlistedNote}</p>
        </>
      ) : (
        <p role="status" aria-busy={!picker.isError}>
          {content.loading}
        </p>
      )}
    </section>
  );
}
