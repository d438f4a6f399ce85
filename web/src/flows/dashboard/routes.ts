import { pageHref, type FlowDef, type PageDef } from '../../lib/flows';
import type { Locale } from '../../lib/locale';

/** `/{locale}/dashboard` (seed 001 §2 "Dashboard"); its sub-pages come with later issues. */
export const dashboardPages = [{ id: 'dashboard', path: '' }] as const satisfies readonly PageDef[];

export type DashboardPageId = (typeof dashboardPages)[number]['id'];
export type DashboardPageDef = PageDef<DashboardPageId>;

export const dashboardFlow: FlowDef<DashboardPageId> = {
  base: 'dashboard',
  // the signed-in shell's bundles, then the page's own
  firstContent: [
    { area: 'all', lang: 'page' },
    { area: 'dictionary', lang: 'page' },
    { area: 'account-dashboard', lang: 'page' },
  ],
  flowType: 'account|prepaid',
  shell: 'own',
  pages: dashboardPages,
};

/** `/{locale}/dashboard`. */
export const dashboardHref = (locale: Locale): string => pageHref(dashboardFlow, locale, 'dashboard');
