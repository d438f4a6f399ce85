import { Link } from '../../../app/router';
import { fill } from '../../../lib/format';
import type { Locale } from '../../../lib/locale';
import { useKeptQuery } from '../../../lib/signedInQuery';
import type { DashboardContent } from '../content';
import { formatServiceDate } from '../format';
import type { Dashboard } from '../types';
import { AutoRefillBadge } from './AutoRefillBadge';
import { DaysRing } from './DaysRing';
import { ExpiredIcon } from './icons';

/**
 * Paths the tile links to (seed 001 §2 routes; refill and reconnect are other flows), each
 * keeping `keep`, the page's signed-in query (`keptQuery`: its account, `bhr`, `mobile`).
 */
export function tileHrefs(locale: Locale, keep = '') {
  return {
    refill: `/${locale}/refill${keep}`,
    reconnect: `/${locale}/reconnect${keep}`,
    autoRefill: `/${locale}/dashboard/auto-refill${keep}`,
    detailHsd: `/${locale}/dashboard/detail-hsd${keep}`,
    detailXitv: `/${locale}/dashboard/detail-xitv${keep}`,
    detailTv200: `/${locale}/dashboard/detail-tv200${keep}`,
  };
}

/**
 * The services status tile (seed 001 §2 "Services status tile", §4 "Service status"):
 * internet with its ring, expiry date and actions, then the owned TV products. What shows is
 * what the BFF decided (`ring`, `refillNow`, `autoEnrolOffered`, `status`, `moving`).
 */
export function ServicesTile({ dashboard, content, locale }: { dashboard: Dashboard; content: DashboardContent; locale: Locale }) {
  const s = content.services;
  const hrefs = tileHrefs(locale, useKeptQuery());
  const tvNames = dashboard.tv
    .map((p) => s.tvProducts.find((t) => t.code === p.productCode)?.text)
    // an unnamed code is left out rather than shown as an id (ARCHITECTURE.md "Languages")
    .filter((name): name is string => name !== undefined);
  return (
    <section className="dash-card services" aria-labelledby="services-heading" data-testid="services-tile">
      <h2 id="services-heading">{s.heading}</h2>
      <article className="service service--internet" aria-labelledby="internet-heading">
        <h3 id="internet-heading">{s.internetName}</h3>
        {dashboard.status === 'deactivated' ? (
          <Deactivated content={s} reconnectHref={hrefs.reconnect} />
        ) : (
          dashboard.internet && <Internet dashboard={dashboard} internet={dashboard.internet} content={content} hrefs={hrefs} />
        )}
      </article>
      {tvNames.length > 0 && (
        <article className="service service--tv" aria-labelledby="tv-heading" data-testid="tv-products">
          <h3 id="tv-heading">{s.tvHeading}</h3>
          <ul className="service__tv-list">
            {tvNames.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <Link className="button button--link" to={hrefs.detailXitv}>
            {s.tvDetails}
          </Link>
        </article>
      )}
      {dashboard.tv200 && (
        <article className="service service--tv200" aria-labelledby="tv200-heading" data-testid="tv200-service">
          <h3 id="tv200-heading">{content.detail.tv200Title}</h3>
          <Link className="button button--link" to={hrefs.detailTv200}>
            {s.tv200Details}
          </Link>
        </article>
      )}
    </section>
  );
}

function Deactivated({ content, reconnectHref }: { content: DashboardContent['services']; reconnectHref: string }) {
  return (
    <div className="service__expired" data-testid="deactivated">
      <ExpiredIcon />
      <div>
        <p className="service__expired-title">{content.deactivatedTitle}</p>
        <p>{content.deactivatedMessage}</p>
        <Link className="button button--primary" to={reconnectHref}>
          {content.reactivate}
        </Link>
      </div>
    </div>
  );
}

function Internet({
  dashboard,
  internet,
  content,
  hrefs,
}: {
  dashboard: Dashboard;
  internet: NonNullable<Dashboard['internet']>;
  content: DashboardContent;
  hrefs: ReturnType<typeof tileHrefs>;
}) {
  const s = content.services;
  const days = internet.daysRemaining;
  const expired = days <= 0;
  const date = formatServiceDate(internet.expirationDate);
  const daysLabel = fill(days === 1 ? s.daysLeftOne : s.daysLeftOther, { days: Math.max(days, 0) });
  return (
    <>
      <div className="service__status">
        <DaysRing days={days} ring={internet.ring} label={daysLabel} />
        <div>
          <p className={`service__state service__state--${internet.ring}`} data-testid="ring-state">
            {s.ring[internet.ring]}
          </p>
          <p>{fill(expired ? s.expiredOn : s.expiresOn, { date })}</p>
          {dashboard.autoRefillEnabled && <AutoRefillBadge content={content.autoRefill} autoRefillHref={hrefs.autoRefill} />}
        </div>
      </div>
      {expired && (
        <div className="service__expired" role="status" data-testid="expired">
          <ExpiredIcon />
          <div>
            <p className="service__expired-title">{s.expiredTitle}</p>
            <p>{dashboard.moving ? s.expiredMoving : s.expiredMessage}</p>
          </div>
        </div>
      )}
      {dashboard.moving && !expired && (
        <p className="notice notice--warning" data-testid="moving-paused">
          {s.movingPaused}
        </p>
      )}
      <div className="actions">
        {internet.refillNow && (
          <Link className="button button--primary" to={hrefs.refill}>
            {s.refillNow}
          </Link>
        )}
        {dashboard.autoEnrolOffered && (
          <Link className="button button--secondary" to={hrefs.autoRefill}>
            {s.autoEnrol}
          </Link>
        )}
        {/* while moving the tile is not a link (seed 001 §2) */}
        {!dashboard.moving && !expired && (
          <Link className="button button--link" to={hrefs.detailHsd}>
            {s.details}
          </Link>
        )}
      </div>
    </>
  );
}
