import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from '../../app/router';
import { Checkbox } from '../../components/Checkbox';
import { cancelAutoRefill, enrolAutoRefill, paymentInfoQuery, type ChangeResult } from './api';
import { fill } from '../../lib/format';
import type { PageAlert, PaymentsPageProps } from './types';
import { useClearWhenUnlocked, useFormLock } from '../../lib/useFormLock';
import { dashboardNotice } from '../../lib/dashboardNotice';

/** Seed 001 §4, §9: the success message appears 800 ms after the call succeeds. */
export const SUCCESS_DELAY_MS = 800;

/**
 * `/{locale}/dashboard/auto-refill` (seed 001 §4 "Auto-refill", seed 002 §2.7): Cancel when
 * enrolled (no terms); Enrol when offered (the BFF's rule), enabled by the terms checkbox; else
 * why not; without a saved card only the link to add one (seed 001 §4: enrolment needs a stored
 * instrument, `BUS_PMT_006`), so the customer never meets a payment failure for it.
 */
export function AutoRefillPage({ accountId, content, dashboardHref, locale, backSearch }: PaymentsPageProps) {
  const a = content.autoRefill;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(paymentInfoQuery(accountId));
  const [terms, setTerms] = useState(false);
  const [alert, setAlert] = useState<PageAlert>();
  const [last, setLast] = useState<ChangeResult>();
  const [success, setSuccess] = useState<string>();
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setAlert({ text: success, tone: 'success' }), SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success]);
  const mutation = useMutation({
    mutationFn: (enrol: boolean) => (enrol ? enrolAutoRefill(accountId) : cancelAutoRefill(accountId)),
    onMutate: () => {
      setAlert(undefined);
      setSuccess(undefined);
    },
    onSuccess: (r, enrol) => {
      setLast(r);
      if (r.outcome === 'dashboard') navigate(dashboardHref, { replace: true, state: dashboardNotice(content.editPayment.backToDashboard) });
      else if (r.outcome === 'rejected') setAlert({ text: r.message ?? a.genericError, tone: 'error' });
      else {
        setTerms(false);
        setSuccess(enrol ? a.enrolled : a.disabled);
        // the BFF decides what is offered now
        void queryClient.invalidateQueries({ queryKey: paymentInfoQuery(accountId).queryKey });
      }
    },
    onError: () => setAlert({ text: a.genericError, tone: 'error' }),
  });
  const secondsLeft = useFormLock((last?.lock ?? info.data?.lock)?.retryInMs ?? 0, last ?? info.dataUpdatedAt);
  const busy = secondsLeft > 0 || mutation.isPending;
  // the refusal's message goes with the wait (seed 002 §4.3)
  useClearWhenUnlocked(secondsLeft, useCallback(() => setAlert((x) => (x?.tone === 'error' ? undefined : x)), []));

  if (!info.data)
    return (
      <section className="payments" data-page="auto-refill" data-stage={info.isError ? 'error' : 'loading'} aria-busy={!info.isError}>
        <title>{a.title}</title>
        <h1>{a.title}</h1>
        <p role={info.isError ? 'alert' : 'status'}>{info.isError ? a.genericError : content.loading}</p>
        <Link to={dashboardHref}>{content.back}</Link>
      </section>
    );
  const d = info.data;
  // without a stored card there is nothing to enrol (BUS_PMT_006): a card first, never a failure
  const stage = d.autoRefillEnabled ? 'enrolled' : !d.card ? 'needsCard' : d.autoEnrolOffered ? 'offered' : 'unavailable';
  return (
    <section className="payments" data-page="auto-refill" data-stage={stage}>
      <title>{a.title}</title>
      <h1>{a.title}</h1>
      <p>{a.intro}</p>
      <p data-testid="auto-refill-status">{d.autoRefillEnabled ? a.statusOn : a.statusOff}</p>
      {alert && (
        <div className={`alert alert--${alert.tone}`} role={alert.tone === 'error' ? 'alert' : 'status'} data-testid="payments-alert">
          <p>{alert.text}</p>
          {alert.tone === 'error' && secondsLeft > 0 && <p data-testid="retry-in">{fill(content.editPayment.retryIn, { seconds: secondsLeft })}</p>}
        </div>
      )}
      {stage === 'enrolled' && (
        <Button className="button button--secondary" isDisabled={busy} onPress={() => mutation.mutate(false)}>
          {a.cancel}
        </Button>
      )}
      {stage === 'offered' && (
        <div className="auto-refill__enrol">
          <Checkbox isSelected={terms} onChange={setTerms} isDisabled={busy} testId="auto-refill-terms">
            {a.terms}
          </Checkbox>
          <Button className="button button--primary" isDisabled={!terms || busy} onPress={() => mutation.mutate(true)}>
            {a.enrol}
          </Button>
        </div>
      )}
      {stage === 'unavailable' && <p>{a.notOffered}</p>}
      {stage === 'needsCard' && (
        <p>
          <Link className="button button--primary" to={`/${locale}/dashboard/edit-payment${backSearch}`}>
            {a.addCard}
          </Link>
        </p>
      )}
      <p>
        <Link to={dashboardHref}>{content.back}</Link>
      </p>
    </section>
  );
}
