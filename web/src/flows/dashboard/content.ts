import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../api/client';
import { accountDashboardQuery, type AccountDashboardContent } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';

/** The dashboard's texts (`GET /-/api/{site}/account-dashboard`, en/es; seed 001 §3). */
export type DashboardContent = AccountDashboardContent;
export type ServicesContent = DashboardContent['services'];
export type HelpfulLinkId = Schemas['HelpfulLinkId'];

/** The dashboard content of the locale (the shared `account-dashboard` bundle query). */
export function useDashboardContent(locale: Locale) {
  return useQuery(accountDashboardQuery(locale));
}
