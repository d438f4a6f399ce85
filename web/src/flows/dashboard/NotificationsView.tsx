import { Link, Navigate } from 'react-router';
import type { Locale } from '../../lib/locale';
import type { DashboardContent } from './content';
import { formatServiceDate } from './format';
import type { Dashboard } from './types';

const DAY_MS = 86_400_000;

/**
 * The cancel date the page shows for a move on `scheduleDate` (`YYYY-MM-DD`): the day before
 * the move, m/d/yyyy (seed 001 §4 "Scheduled move"; the cutoff itself, early on the move
 * date in UTC, is the BFF's `cancelUntil`).
 */
export function cancelByDate(scheduleDate: string): string {
  const move = Date.parse(`${scheduleDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(move)) return scheduleDate;
  return formatServiceDate(new Date(move - DAY_MS).toISOString());
}

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
            <dd data-testid="move-cancel-by">{cancelByDate(move.scheduleDate)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
