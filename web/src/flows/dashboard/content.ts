import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { inlineContent, SITE } from '../../content/hooks';
import type { Locale } from '../../lib/locale';

/** The dashboard's texts (`GET /-/api/{site}/account-dashboard`, en/es; seed 001 §3). */
export type DashboardContent = Schemas['AccountDashboard'];
export type ServicesContent = DashboardContent['services'];
export type HelpfulLinkId = Schemas['HelpfulLinkId'];

const path = { params: { path: { site: SITE } } };

export function fetchDashboardContent(locale: Locale): Promise<DashboardContent> {
  return locale === 'es'
    ? call('getAccountDashboardEs', () => api.GET('/-/api/es/{site}/account-dashboard', path))
    : call('getAccountDashboard', () => api.GET('/-/api/{site}/account-dashboard', path));
}

/**
 * The dashboard content of the locale; like the other bundles it keeps the previous
 * language's while the other loads (ARCHITECTURE.md "Languages"), and starts from the copy
 * the BFF wrote into the page.
 */
export function useDashboardContent(locale: Locale) {
  return useQuery({
    queryKey: ['content', 'account-dashboard', locale],
    queryFn: () => fetchDashboardContent(locale),
    initialData: () => inlineContent<DashboardContent>('account-dashboard', locale),
    staleTime: Infinity,
    gcTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
