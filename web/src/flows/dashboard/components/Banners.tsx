import { Link } from '../../../app/router';
import type { Schemas } from '../../../api/client';
import { fill, formatPrice } from '../../../lib/format';
import type { Locale } from '../../../lib/locale';
import { useKeptQuery, withKept } from '../../../lib/signedInQuery';
import type { DashboardContent } from '../content';
import type { Dashboard } from '../types';

/**
 * A content link: the router for paths of the app (keeping the page's account and flags,
 * `keptQuery`), a plain link (new tab if asked) elsewhere.
 */
export function ContentAction({ link, className }: { link: Schemas['Link']; className: string }) {
  const keep = useKeptQuery();
  if (link.url.startsWith('/')) {
    return (
      <Link className={className} to={withKept(link.url, keep)}>
        {link.label}
      </Link>
    );
  }
  const newTab = link.target === '_blank';
  return (
    <a className={className} href={link.url} target={newTab ? '_blank' : undefined} rel={newTab ? 'noopener noreferrer' : undefined}>
      {link.label}
    </a>
  );
}

/**
 * The ACP info stripe (seed 001 §2 "ACP banner", §6): Approved shows the enrolment text (the
 * scheduled-move and Tribal variants take its place), De Enrolled a re-enrol notice with a call
 * action; Denied and no ACP show nothing.
 */
export function AcpBanner({ dashboard, content, locale }: { dashboard: Dashboard; content: DashboardContent['acp']; locale: Locale }) {
  const acp = dashboard.acp;
  if (!acp || acp.status === 'denied') return null;
  let text: string;
  if (acp.status === 'deEnrolled') text = content.deEnrolled;
  else if (acp.tribal) text = content.tribal;
  else if (dashboard.scheduledMove) text = content.approvedMoving;
  else text = fill(content.approved, { amount: formatPrice(acp.benefitAmount ?? '0', locale) });
  return (
    <section className="dash-card acp" aria-labelledby="acp-heading" data-testid="acp-banner" data-acp={acp.status}>
      <h2 id="acp-heading">{content.heading}</h2>
      <p>{text}</p>
      {acp.status === 'deEnrolled' && <ContentAction link={content.call} className="button button--secondary" />}
    </section>
  );
}

/**
 * The offer or winback banner (seed 001 §2, §6): only with a promo and an active account;
 * the winback promo gets the winback banner, any other valid promo the offer banner.
 */
export function PromoBanner({ dashboard, content }: { dashboard: Dashboard; content: DashboardContent['promos'] }) {
  if (!dashboard.promo || dashboard.status !== 'active') return null;
  const banner = dashboard.promo.winback ? content.winback : content.offer;
  return (
    <section className="dash-card promo-banner" aria-labelledby="promo-heading" data-testid={dashboard.promo.winback ? 'winback-banner' : 'offer-banner'}>
      <h2 id="promo-heading">{banner.title}</h2>
      <p>{banner.body}</p>
      <ContentAction link={banner.action} className="button button--primary" />
    </section>
  );
}
