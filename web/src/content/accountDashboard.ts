import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';
import type { Locale } from '../lib/locale';
import { inlineContent, SITE } from './hooks';

/** The `account-dashboard` bundle (`GET /-/api/{site}/account-dashboard`, en/es; seed 001 §3). */
export type AccountDashboardContent = Schemas['AccountDashboard'];

const path = { params: { path: { site: SITE } } };

function fetchAccountDashboardContent(locale: Locale): Promise<AccountDashboardContent> {
  return locale === 'es'
    ? call('getAccountDashboardEs', () => api.GET('/-/api/es/{site}/account-dashboard', path))
    : call('getAccountDashboard', () => api.GET('/-/api/{site}/account-dashboard', path));
}

/**
 * The bundle of the locale, one query for every page that reads it (the dashboard, the payment
 * pages): like the other bundles it keeps the previous language's while the other loads
 * (ARCHITECTURE.md "Languages"), and starts from the copy the BFF wrote into the page.
 */
export function accountDashboardQuery(locale: Locale) {
  return queryOptions({
    queryKey: ['content', 'account-dashboard', locale],
    queryFn: () => fetchAccountDashboardContent(locale),
    initialData: () => inlineContent<AccountDashboardContent>('account-dashboard', locale),
    staleTime: Infinity,
    gcTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
