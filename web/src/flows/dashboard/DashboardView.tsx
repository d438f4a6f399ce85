import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../app/router';
import { Faq } from '../../components/Faq';
import { noticeOf } from '../../lib/dashboardNotice';
import type { Locale } from '../../lib/locale';
import { AcpBanner, PromoBanner } from './components/Banners';
import { HelpfulLinks } from './components/HelpfulLinks';
import { ResetRouterModal } from './components/ResetRouter';
import { ServicesTile } from './components/ServicesTile';
import { WelcomeTour } from './components/WelcomeTour';
import type { DashboardContent } from './content';
import { MOVE_CANCELLED_STATE } from './NotificationsView';
import type { Dashboard } from './types';

/**
 * The dashboard (seed 001 §2 "Dashboard"): offer banner, services status, reconnect FAQ for
 * deactivated accounts, ACP info stripe, helpful links (reset-router opens its modal); the
 * welcome tour once per browser. Right after a move was cancelled (router state
 * `MOVE_CANCELLED_STATE`) the cancelled-move banner shows once: the state is cleared at once,
 * so a reload or a later visit does not show it again.
 */
export function DashboardView({
  dashboard,
  content,
  locale,
  accountId,
}: {
  dashboard: Dashboard;
  content: DashboardContent;
  locale: Locale;
  accountId: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [resetOpen, setResetOpen] = useState(false);
  const [moveCancelled] = useState(() => (location.state as Record<string, unknown> | null)?.[MOVE_CANCELLED_STATE] === true);
  // why a page sent the customer here (the third payment failure, seed 002 §4.3), once
  const [notice] = useState(() => noticeOf(location.state));
  // clear the flag from the history entry at once: a reload or a later visit shows no banner
  useEffect(() => {
    if (moveCancelled || notice) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  return (
    <div className="dashboard" data-page="dashboard" data-stage="show" data-status={dashboard.status}>
      <title>{content.pageTitle}</title>
      <h1 className="dashboard__title">{content.pageTitle}</h1>
      <p className="dashboard__address" translate="no">
        {dashboard.serviceAddress.streetAddress}, {dashboard.serviceAddress.cityStateZip}
      </p>
      {notice && (
        <p className="dash-card alert" role="alert" data-testid="dashboard-notice">
          {notice}
        </p>
      )}
      {moveCancelled && (
        <p className="dash-card move-cancelled" role="status" data-testid="move-cancelled">
          {content.moveCancelled}
        </p>
      )}
      <PromoBanner dashboard={dashboard} content={content.promos} />
      <ServicesTile dashboard={dashboard} content={content} locale={locale} />
      {dashboard.status === 'deactivated' && (
        <section className="dash-card reconnect-faq" aria-labelledby="reconnect-faq-heading" data-testid="reconnect-faq">
          <h2 id="reconnect-faq-heading">{content.reconnectFaq.heading}</h2>
          <Faq items={content.reconnectFaq.items} idPrefix="reconnect-faq" />
        </section>
      )}
      <AcpBanner dashboard={dashboard} content={content.acp} locale={locale} />
      <HelpfulLinks dashboard={dashboard} content={content.helpfulLinks} onResetRouter={() => setResetOpen(true)} />
      <ResetRouterModal accountId={accountId} content={content.resetRouter} isOpen={resetOpen} onOpenChange={setResetOpen} />
      <WelcomeTour content={content.welcomeTour} />
    </div>
  );
}
