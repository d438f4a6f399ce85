import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '../../app/router';
import { CallFailure } from '../../api/client';
import { AccountShell } from '../../components/AccountShell';
import { ProgressBar } from '../../components/ProgressBar';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { usePageTracking } from '../../lib/analytics';
import { fill } from '../../lib/format';
import type { FlowScreenProps } from '../../lib/flows';
import { useLocale } from '../../lib/useLocale';
import { accountFirstQueries } from '../../lib/firstQueries';
import { usePageAccount } from '../../lib/pageAccount';
import { PaymentPage } from '../refill/PaymentPage';
import { ReviewPage } from '../refill/ReviewPage';
import type { RefillPageId } from '../refill/routes';
import { moveQuery } from './api';
import { AddressPage } from './AddressPage';
import { useMoveContent } from './content';
import { MoveConfirmationPage } from './ConfirmationPage';
import { AddressConfirmationPage, ReviewMovePage, ScheduleNowPage } from './MovePages';
import { RefillConfirmationPage, RefillRequiredPage } from './RefillPages';
import { moveFlow, type MovePageDef, type MovePageId } from './routes';
import { SchedulePage } from './SchedulePage';
import type { MovePageProps } from './types';
// retail.css: the address stages (the progress bar, checkbox and radio are styled by index.css)
import '../../styles/retail.css';
import '../../styles/dashboard.css';
import '../../styles/payments.css';
import '../../styles/refill.css';

/** The refill pages' ids as the move's (seed 002 §2.8: the refill steps of a move). */
const REFILL_PAGE: Record<RefillPageId, MovePageId> = {
  customize: 'refill-required',
  payment: 'refill-payment',
  review: 'refill-review',
  confirmation: 'refill-confirmation',
};

/** The catalogue message of a 409 the move page shows in place (`MOVE_NOT_AVAILABLE`). */
function notAvailable(error: unknown): string | undefined {
  if (!(error instanceof CallFailure) || error.errorCode !== 'MOVE_NOT_AVAILABLE') return undefined;
  const m = (error.body as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' ? m : '';
}

/** The move's first screen reads the profile (its account call, `getMove`, is not preloaded). */
export const firstQueries = accountFirstQueries();

/**
 * `/{locale}/move/...` (seed 002 §2.1, §2.8, §4.4) in the signed-in shell. The account is the
 * query's base64 `accountId`, else the sign-in's. `getMove` first: 409 `MOVE_NOT_AVAILABLE`
 * shows its catalogue message, `MOVE_ALREADY_SCHEDULED` goes to the notifications page (the
 * scheduled move and its cancel), any other failure but a session error to `/{locale}/error`.
 * The refill steps are the refill flow's pages with the move's titles and routes.
 */
export function MoveScreen({ page }: FlowScreenProps<MovePageDef>) {
  const locale = useLocale();
  const navigate = useNavigate();
  const { accountId, noAccount, keep } = usePageAccount();
  const content = useMoveContent(locale);
  const move = useQuery({ ...moveQuery(accountId ?? ''), enabled: Boolean(accountId) });
  usePageTracking(moveFlow, page.step ?? page.id, locale, move.error);
  const dashboardHref = `/${locale}/dashboard${keep}`;
  const error = move.error;
  const unavailable = notAvailable(error);
  // the move's refill pages need a move date (seed 002 §2.8, §5): without one, the schedule page
  const noDate = Boolean(move.data && !move.data.schedule && (page.id === 'refill-payment' || page.id === 'refill-review'));
  const leaveFor =
    noAccount
      ? `/${locale}/account-picker`
      : noDate
        ? `/${locale}/move/schedule${keep}`
      : error instanceof CallFailure && error.errorCode === 'MOVE_ALREADY_SCHEDULED'
        ? `/${locale}/dashboard/notifications${keep}`
        : error && unavailable === undefined && !(error instanceof CallFailure && error.status === 403)
          ? `/${locale}/error`
          : undefined;
  useEffect(() => {
    if (leaveFor) navigate(leaveFor, { replace: true });
  }, [leaveFor, navigate]);

  let body: ReactNode;
  if (content.isError) body = <ContentFallback />;
  else if (!content.data) body = <ContentLoading />;
  else if (unavailable !== undefined) {
    const c = content.data.moving;
    body = (
      <section className="move" data-page={page.id} data-stage="not-available">
        <title>{unavailable || c.genericError}</title>
        <h1>{unavailable || c.genericError}</h1>
        <p>
          <Link to={dashboardHref}>{c.backToAccount}</Link>
        </p>
      </section>
    );
  } else if (!move.data || !accountId || noDate) body = <p role="status">{content.data.moving.loading}</p>;
  else {
    const texts = content.data;
    const href = (id: MovePageId) => `/${locale}/move${id === 'address' ? '' : `/${id}`}${keep}`;
    const go = (id: MovePageId, replace = false) => navigate(href(id), { replace });
    const props: MovePageProps = { accountId, texts, locale, move: move.data, go, href, dashboardHref };
    const refill = {
      accountId,
      texts,
      locale,
      go: (id: RefillPageId) => go(REFILL_PAGE[id]),
      href: (id: RefillPageId) => href(REFILL_PAGE[id]),
      dashboardHref,
      autoRefillHref: `/${locale}/dashboard/auto-refill${keep}`,
    };
    const c = texts.moving;
    const percent = page.progress?.percent;
    body = (
      <div className="refill move">
        {page.progress && percent !== undefined && (
          <ProgressBar title={c.progress[page.progress.title]} percent={percent} valueText={fill(c.progress.value, { percent })} />
        )}
        {page.id === 'address' ? (
          <AddressPage {...props} />
        ) : page.id === 'address-confirmation' ? (
          <AddressConfirmationPage {...props} />
        ) : page.id === 'schedule-now' ? (
          <ScheduleNowPage {...props} />
        ) : page.id === 'schedule' ? (
          <SchedulePage {...props} />
        ) : page.id === 'refill-required' ? (
          <RefillRequiredPage {...props} refill={refill} />
        ) : page.id === 'refill-payment' ? (
          <PaymentPage {...refill} title={c.refillPaymentTitle} />
        ) : page.id === 'refill-review' ? (
          <ReviewPage {...refill} title={c.refillReviewTitle} heading={c.refillReviewHeading} />
        ) : page.id === 'refill-confirmation' ? (
          <RefillConfirmationPage {...props} />
        ) : page.id === 'now' || page.id === 'schedule-finalize' ? (
          <ReviewMovePage {...props} when={page.id === 'now' ? 'today' : 'later'} />
        ) : (
          <MoveConfirmationPage {...props} when={page.id === 'now-confirmation' ? 'today' : 'later'} />
        )}
      </div>
    );
  }
  return (
    <AccountShell locale={locale} account="active" hideStickyCta>
      {body}
    </AccountShell>
  );
}
