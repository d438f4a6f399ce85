import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Redirect, useNavigate } from '../../app/router';
import { InfoModal } from '../../components/InfoModal';
import type { Locale } from '../../lib/locale';
import { cancelScheduledMove, MOVE_CANCELLED_STATE } from '../../lib/scheduledMove';
import type { DashboardContent } from './content';
import { formatServiceDate } from './format';
import type { Dashboard } from './types';

/**
 * `/{locale}/dashboard/notifications` (seed 001 §2 routes, §4 "Scheduled move"): the
 * scheduled-move notice with the new address, the move date and the last day to cancel;
 * without a scheduled move it goes to the dashboard at once. Cancel opens the info modal's
 * cancel-move confirmation; "Yes, Cancel" cancels (seed 002 "update scheduled move"), then the
 * dashboard shows the cancelled-move banner once (`MOVE_CANCELLED_STATE`); a refusal or failure
 * goes to the error page.
 */
export function NotificationsView({
  dashboard,
  content,
  locale,
  backSearch,
  accountId,
}: {
  dashboard: Dashboard;
  content: DashboardContent;
  locale: Locale;
  /** The account shown (its move is the one cancelled). */
  accountId: string;
  /** The dashboard's query (`accountId`, `bhr`, `mobile`), kept on the way back. */
  backSearch: string;
}) {
  const move = dashboard.scheduledMove;
  const back = `/${locale}/dashboard${backSearch}`;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // one key per page visit: a double click or a retry of the same confirmation cancels once
  const key = useRef(crypto.randomUUID());
  const cancel = useMutation({
    mutationFn: () => cancelScheduledMove(accountId, key.current),
    onSuccess: async (answer) => {
      if (answer.result !== 'cancelled') {
        navigate(`/${locale}/error`, { replace: true });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['dashboard', accountId] });
      navigate(back, { replace: true, state: { [MOVE_CANCELLED_STATE]: true } });
    },
    onError: () => navigate(`/${locale}/error`, { replace: true }),
  });
  if (!move) return cancel.isIdle ? <Redirect to={back} replace /> : null;
  const n = content.notifications;
  return (
    <div className="dashboard notifications" data-page="notifications" data-stage="show">
      <title>{n.title}</title>
      <p>
        <Link className="button button--link" to={back}>
          {n.back}
        </Link>
      </p>
      <h1 className="dashboard__title">{n.title}</h1>
      <section className="dash-card" aria-labelledby="move-heading" data-testid="scheduled-move">
        <h2 id="move-heading">{n.moveHeading}</h2>
        <dl className="detail__list">
          <div className="detail__row">
            <dt>{n.toAddressLabel}</dt>
            <dd translate="no" data-testid="move-to">
              {move.toAddress.streetAddress}
              <br />
              {move.toAddress.cityStateZip}
            </dd>
          </div>
          <div className="detail__row">
            <dt>{n.moveDateLabel}</dt>
            <dd data-testid="move-date">{formatServiceDate(move.scheduleDate)}</dd>
          </div>
          <div className="detail__row">
            <dt>{n.cancelByLabel}</dt>
            <dd data-testid="move-cancel-by">{formatServiceDate(move.cancelDate)}</dd>
          </div>
        </dl>
        <InfoModal
          trigger={n.cancel}
          triggerClassName="button button--secondary"
          texts={n.cancelModal}
          testId="cancel-move-modal"
          confirmation={{ onConfirm: () => cancel.mutate(), pending: cancel.isPending || cancel.isSuccess, pendingText: n.cancelling }}
        />
      </section>
    </div>
  );
}

export { MOVE_CANCELLED_STATE };
