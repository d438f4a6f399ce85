import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { inlineContent, SITE } from '../../content/hooks';
import type { Locale } from '../../lib/locale';

/** The `account-dashboard` bundle (en/es); the payment pages read its `payments` section. */
export type AccountDashboardContent = Schemas['AccountDashboard'];
export type PaymentsContent = Schemas['PaymentsTexts'];

const path = { params: { path: { site: SITE } } };

function fetchContent(locale: Locale): Promise<AccountDashboardContent> {
  return locale === 'es'
    ? call('getAccountDashboardEs', () => api.GET('/-/api/es/{site}/account-dashboard', path))
    : call('getAccountDashboard', () => api.GET('/-/api/{site}/account-dashboard', path));
}

/** Same query (key, cache, inline copy) as the dashboard's, so both share one fetch. */
export function usePaymentsContent(locale: Locale) {
  return useQuery({
    queryKey: ['content', 'account-dashboard', locale],
    queryFn: () => fetchContent(locale),
    initialData: () => inlineContent<AccountDashboardContent>('account-dashboard', locale),
    staleTime: Infinity,
    gcTime: Infinity,
    placeholderData: keepPreviousData,
    select: (d) => d.payments,
  });
}

/** `{name}` placeholders of a content text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
