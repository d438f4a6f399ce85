import { Link, Navigate } from 'react-router';
import type { Locale } from '../../lib/locale';
import type { DashboardContent } from './content';
import { formatServiceDate } from './format';
import type { Dashboard } from './types';

/**
 * `/{locale}/dashboard/notifications` (seed 001 §2 routes, §4 "Scheduled move"): the
 * scheduled-move notice with the new address, the move date and the last day to cancel;
 * without a scheduled move it goes to the dashboard at once.
 */
export function NotificationsView({
  dashboard,
  content,
  locale,
  backSearch,
}: {
  dashboard: Dashboard;
  content: DashboardContent;
  locale: Locale;
  /** The dashboard's query (`accountId`, `bhr`, `mobile`), kept on the way back. */
  backSearch: string;
}) {
  const move = dashboard.scheduledMove;
  const back = `/${locale}/dashboard${backSearch}`;
  if (!move) return <Navigate to={back} replace />;
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
      </section>
    </div>
  );
}
