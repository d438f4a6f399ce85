import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { inlineContent, SITE } from '../../content/hooks';
import type { Locale } from '../../lib/locale';

/** The page's texts: `accountInformation` of the `account-dashboard` bundle (en/es). */
export type AccountInformationContent = Schemas['AccountInformationTexts'];

const path = { params: { path: { site: SITE } } };

function fetchBundle(locale: Locale): Promise<Schemas['AccountDashboard']> {
  return locale === 'es'
    ? call('getAccountDashboardEs', () => api.GET('/-/api/es/{site}/account-dashboard', path))
    : call('getAccountDashboard', () => api.GET('/-/api/{site}/account-dashboard', path));
}

/** The `account-dashboard` bundle (same cache entry as the dashboard's), kept while the other language loads. */
export function useAccountInformationContent(locale: Locale) {
  return useQuery({
    queryKey: ['content', 'account-dashboard', locale],
    queryFn: () => fetchBundle(locale),
    initialData: () => inlineContent<Schemas['AccountDashboard']>('account-dashboard', locale),
    staleTime: Infinity,
    gcTime: Infinity,
    placeholderData: keepPreviousData,
    select: (d) => d.accountInformation,
  });
}
