import { Link } from '../../app/router';
import type { Locale } from '../../lib/locale';
import type { DashboardContent } from './content';
import { formatServiceDate } from './format';
import type { DetailPageId } from './routes';
import type { Dashboard } from './types';

/** The content's name of a TV product code; an unnamed code is left out, never shown as an id. */
function productNames(codes: readonly string[], content: DashboardContent): string[] {
  return codes
    .map((code) => content.services.tvProducts.find((t) => t.code === code)?.text)
    .filter((name): name is string => name !== undefined);
}

/** A label and its value, one row of a detail list. */
function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="detail__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** Internet: status, days remaining and expiry date m/d/yyyy UTC (seed 001 §4 "Service status", §9). */
function InternetDetail({ dashboard, content }: { dashboard: Dashboard; content: DashboardContent }) {
  const d = content.detail;
  const internet = dashboard.internet;
  if (!internet && dashboard.status !== 'deactivated') return <p data-testid="detail-empty">{d.noInternet}</p>;
  return (
    <dl className="detail__list">
      <Row label={d.statusLabel} value={d.status[dashboard.status]} testId="detail-status" />
      {internet && (
        <>
          <Row label={d.daysRemainingLabel} value={String(Math.max(internet.daysRemaining, 0))} testId="detail-days" />
          <Row label={d.expirationLabel} value={formatServiceDate(internet.expirationDate)} testId="detail-expiry" />
        </>
      )}
    </dl>
  );
}

/** A list of TV product names, or the page's empty text. */
function Products({ names, heading, empty }: { names: string[]; heading: string; empty: string }) {
  if (names.length === 0) return <p data-testid="detail-empty">{empty}</p>;
  return (
    <>
      <h2 id="detail-products">{heading}</h2>
      <ul aria-labelledby="detail-products" data-testid="detail-products">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * A service detail page (seed 001 §2 routes, "Service detail": "their layout is not shown"):
 * what the `getDashboard` answer holds for the service, plainly, then the service address and
 * a link back to the dashboard. `detail-hsd`: internet status, days remaining, expiry date;
 * `detail-xitv`: the Instant TV products; `detail-tv200`: the TV200 service and its status.
 */
export function ServiceDetailView({
  page,
  dashboard,
  content,
  locale,
  backSearch,
}: {
  page: DetailPageId;
  dashboard: Dashboard;
  content: DashboardContent;
  locale: Locale;
  /** The dashboard's query (`accountId`, `bhr`, `mobile`), kept on the way back. */
  backSearch: string;
}) {
  const d = content.detail;
  const title = page === 'detail-hsd' ? content.services.internetName : page === 'detail-xitv' ? d.xitvTitle : d.tv200Title;
  return (
    <div className="dashboard detail" data-page={page} data-stage="show" data-status={dashboard.status}>
      <title>{title}</title>
      <p>
        <Link className="button button--link" to={`/${locale}/dashboard${backSearch}`}>
          {d.back}
        </Link>
      </p>
      <h1 className="dashboard__title">{title}</h1>
      <section className="dash-card">
        {page === 'detail-hsd' && <InternetDetail dashboard={dashboard} content={content} />}
        {page === 'detail-xitv' && (
          <Products names={productNames(dashboard.tv.map((p) => p.productCode), content)} heading={d.tvProductsLabel} empty={d.noTv} />
        )}
        {page === 'detail-tv200' &&
          (dashboard.tv200 ? (
            <dl className="detail__list" data-testid="detail-tv200">
              <Row label={d.statusLabel} value={d.status[dashboard.status]} testId="detail-status" />
            </dl>
          ) : (
            <p data-testid="detail-empty">{d.noTv200}</p>
          ))}
      </section>
      <section className="dash-card" aria-labelledby="detail-address">
        <h2 id="detail-address">{d.serviceAddressLabel}</h2>
        <p translate="no" data-testid="detail-address">
          {dashboard.serviceAddress.streetAddress}
          <br />
          {dashboard.serviceAddress.cityStateZip}
        </p>
      </section>
    </div>
  );
}
