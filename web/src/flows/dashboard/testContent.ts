import { content } from '../../testing/content';
import type { DashboardContent } from './content';

/** The recorded `account-dashboard` bundles (tests and stories). */
export const dashboardContent = {
  en: content.en.accountDashboard as unknown as DashboardContent,
  es: content.es.accountDashboard as unknown as DashboardContent,
};
