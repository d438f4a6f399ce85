import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '../../app/router';
import { AccountShell, type ShellAccountState } from '../../components/AccountShell';
import { SyncUpCheck } from '../../components/SyncUpCheck';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { accountFirstQueries } from '../../lib/firstQueries';
import { usePageAccount } from '../../lib/pageAccount';
import { usePageTracking } from '../../lib/analytics';
import type { FlowScreenProps } from '../../lib/flows';
import type { Locale } from '../../lib/locale';
import { useLocale } from '../../lib/useLocale';
import { dashboardQuery } from './api';
import { ActivationNeeded } from './components/ActivationNeeded';
import { useDashboardContent, type DashboardContent } from './content';
import { DashboardView } from './DashboardView';
import { NotificationsView } from './NotificationsView';
import { ServiceDetailView } from './ServiceDetailView';
import { ERROR_REDIRECT_MS, failureTarget, readiness, type Readiness } from './readiness';
import { dashboardFlow, type DashboardPageDef, type DashboardPageId } from './routes';
import type { Dashboard } from './types';
import '../../styles/dashboard.css';

/** Seed 001 §4, §9: the dashboard reloads the page if its data is not ready after 20 s. */
export const NOT_READY_RELOAD_MS = 20_000;

/** Leaves for the target of a redirect readiness, after its delay. */
function useRedirect(target: Readiness | undefined) {
  const navigate = useNavigate();
  const to = target?.kind === 'redirect' ? target.to : undefined;
  const afterMs = target?.kind === 'redirect' ? target.afterMs : 0;
  useEffect(() => {
    if (to === undefined) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), afterMs);
    return () => clearTimeout(timer);
  }, [navigate, to, afterMs]);
}

/** The page `id` of a dashboard answer to show (`backSearch`: the query the back links keep). */
function shownPage(
  id: DashboardPageId,
  props: { dashboard: Dashboard; content: DashboardContent; locale: Locale; backSearch: string; accountId: string },
) {
  switch (id) {
    case 'dashboard':
      return <DashboardView {...props} />;
    case 'notifications':
      return <NotificationsView {...props} />;
    default:
      return <ServiceDetailView page={id} {...props} />;
  }
}

/** What the shell shows for the account: Refill unless deactivated (seed 001 §2 "Page shell"). */
function shellState(dashboard: Dashboard | undefined): ShellAccountState {
  if (!dashboard || dashboard.next !== 'show') return 'none';
  return dashboard.status === 'deactivated' ? 'deactivated' : 'active';
}

/** The dashboard's first screen reads the profile and the account's dashboard. */
export const firstQueries = accountFirstQueries(dashboardQuery);

/**
 * `/{locale}/dashboard` (seed 001 §2) in the signed-in shell. The account is the query's base64
 * `accountId` (seed 001 §2), else the one chosen at sign-in (`getProfile`); the BFF answers
 * whether to show it or where to go (`next`, seed 001 §4 "Page readiness and checks"). The
 * service detail pages read the same answer and draw one service of it (`ServiceDetailView`);
 * the notifications page draws its scheduled move (`NotificationsView`).
 */
export function DashboardFlow({ page }: FlowScreenProps<DashboardPageDef>) {
  const locale = useLocale();
  const { search, fromQuery, profile, accountId, noAccount, keep } = usePageAccount({ withProfile: true });
  const content = useDashboardContent(locale);
  const dashboard = useQuery({ ...dashboardQuery(accountId ?? ''), enabled: accountId !== undefined });
  usePageTracking(dashboardFlow, page.id, locale, profile.error ?? dashboard.error);

  let target: Readiness | undefined;
  if (content.isError) target = { kind: 'redirect', to: `/${locale}/error`, afterMs: ERROR_REDIRECT_MS };
  else if (fromQuery === undefined && profile.isError) target = failureTarget(profile.error, locale);
  // signed in without a chosen account: choose one first
  else if (noAccount) target = { kind: 'redirect', to: `/${locale}/account-picker`, afterMs: 0 };
  else if (dashboard.isError) target = failureTarget(dashboard.error, locale);
  else if (dashboard.data && accountId) target = readiness(dashboard.data, locale, accountId, search);
  useRedirect(target);

  const settled = target !== undefined || profile.isError || dashboard.isError;
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => window.location.reload(), NOT_READY_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [settled]);

  const d = dashboard.data;
  // the page's links keep its account and flags (an aux account's dashboard is not the profile's)
  const backSearch = keep;
  let body: ReactNode;
  if (content.isError) body = <ContentFallback />;
  else if (!content.data) body = <ContentLoading />;
  else if (target?.kind === 'show' && d && accountId)
    body = shownPage(page.id, { dashboard: d, content: content.data, locale, backSearch, accountId });
  else if (target?.kind === 'activation') body = <ActivationNeeded content={content.data.activationNeeded} href={target.href} />;
  else
    body = (
      <div className="dashboard dashboard--loading" data-page="dashboard" data-stage="loading" role="status" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <p>{content.data.loading}</p>
      </div>
    );
  const shown = target?.kind === 'show' ? d : undefined;
  return (
    <AccountShell
      locale={locale}
      account={shellState(shown)}
      moveScheduled={Boolean(shown?.scheduledMove)}
      promo={Boolean(shown?.promo && !shown.promo.winback && shown.status === 'active')}
      activationHref={target?.kind === 'activation' ? target.href : undefined}
    >
      {body}
      {target?.kind === 'show' && accountId && <SyncUpCheck accountId={accountId} locale={locale} />}
    </AccountShell>
  );
}
