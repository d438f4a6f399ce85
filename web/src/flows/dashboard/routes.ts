import { accountDashboardNeed, accountShellCalls, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * `/{locale}/dashboard` (seed 001 §2 "Dashboard"), its service detail pages (seed 001 §2
 * routes, "Service detail") and the notifications page (§4 "Scheduled move"); its other
 * sub-pages come with later issues.
 */
export const dashboardPages = [
  { id: 'dashboard', path: '' },
  { id: 'detail-hsd' },
  { id: 'detail-xitv' },
  { id: 'detail-tv200' },
  { id: 'notifications' },
] as const satisfies readonly PageDef[];

export type DashboardPageId = (typeof dashboardPages)[number]['id'];
export type DashboardPageDef = PageDef<DashboardPageId>;
/** The service detail pages. */
export type DetailPageId = Exclude<DashboardPageId, 'dashboard' | 'notifications'>;

/**
 * The sections of `account-dashboard` the dashboard's pages read (the page carries only these):
 * not the other flows' pages (`payments`, `refill`, `moving`, `reconnect`, `litepay`,
 * `accountInformation`).
 */
export const dashboardContent = accountDashboardNeed([
  'pageTitle',
  'loading',
  'services',
  'autoRefill',
  'acp',
  'promos',
  'moveCancelled',
  'reconnectFaq',
  'helpfulLinks',
  'resetRouter',
  'welcomeTour',
  'activationNeeded',
  'detail',
  'notifications',
]);

/** The dashboard, drawn in the signed-in shell (`AccountShell`) by its own screen. */
export const dashboardFlow: FlowDef<DashboardPageId> = {
  base: 'dashboard',
  firstContent: [...accountShellContent, dashboardContent],
  firstCalls: [...accountShellCalls, '/secure2/accounts/{accountId}/dashboard'],
  flowType: 'account|prepaid',
  shell: 'own',
  pages: dashboardPages,
};
