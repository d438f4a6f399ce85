import type { Schemas } from '../../api/client';
import { useAccountDashboardSections, type AccountDashboardSections } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';
import { dashboardContent } from './routes';

/** The dashboard's texts: its sections of `account-dashboard` (en/es; seed 001 §3). */
export type DashboardContent = AccountDashboardSections<(typeof dashboardContent.sections)[number]>;
export type ServicesContent = DashboardContent['services'];
export type HelpfulLinkId = Schemas['HelpfulLinkId'];

/** The dashboard's sections (`dashboardContent`), from the page or the one `account-dashboard` bundle query. */
export function useDashboardContent(locale: Locale) {
  return useAccountDashboardSections(locale, dashboardContent);
}
