import { Faq } from '../../components/Faq';
import type { Locale } from '../../lib/locale';
import { AcpBanner, PromoBanner } from './components/Banners';
import { HelpfulLinks } from './components/HelpfulLinks';
import { ServicesTile } from './components/ServicesTile';
import { WelcomeTour } from './components/WelcomeTour';
import type { DashboardContent } from './content';
import type { Dashboard } from './types';

/**
 * The dashboard (seed 001 §2 "Dashboard"): offer banner, services status, reconnect FAQ for
 * deactivated accounts, ACP info stripe, helpful links; the welcome tour once per browser.
 */
export function DashboardView({ dashboard, content, locale }: { dashboard: Dashboard; content: DashboardContent; locale: Locale }) {
  return (
    <div className="dashboard" data-page="dashboard" data-stage="show" data-status={dashboard.status}>
      <title>{content.pageTitle}</title>
      <h1 className="dashboard__title">{content.pageTitle}</h1>
      <p className="dashboard__address" translate="no">
        {dashboard.serviceAddress.streetAddress}, {dashboard.serviceAddress.cityStateZip}
      </p>
      <PromoBanner dashboard={dashboard} content={content.promos} />
      <ServicesTile dashboard={dashboard} content={content} locale={locale} />
      {dashboard.status === 'deactivated' && (
        <section className="dash-card reconnect-faq" aria-labelledby="reconnect-faq-heading" data-testid="reconnect-faq">
          <h2 id="reconnect-faq-heading">{content.reconnectFaq.heading}</h2>
          <Faq items={content.reconnectFaq.items} idPrefix="reconnect-faq" />
        </section>
      )}
      <AcpBanner dashboard={dashboard} content={content.acp} locale={locale} />
      <HelpfulLinks dashboard={dashboard} content={content.helpfulLinks} />
      <WelcomeTour content={content.welcomeTour} />
    </div>
  );
}
