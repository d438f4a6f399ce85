import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';
import type { AccountDashboardNeed, AccountDashboardSection } from '../lib/flows';
import type { Locale } from '../lib/locale';
import { inlineContent, SITE } from './hooks';
import { sectionsQuery } from './sections';

/** The `account-dashboard` bundle (`GET /-/api/{site}/account-dashboard`, en/es; seed 001 §3). */
export type AccountDashboardContent = Schemas['AccountDashboard'];

/** Some top-level sections of the bundle (what a flow declared it reads). */
export type AccountDashboardSections<K extends AccountDashboardSection> = Pick<AccountDashboardContent, K>;

const path = { params: { path: { site: SITE } } };

function fetchAccountDashboardContent(locale: Locale): Promise<AccountDashboardContent> {
  return locale === 'es'
    ? call('getAccountDashboardEs', () => api.GET('/-/api/es/{site}/account-dashboard', path))
    : call('getAccountDashboard', () => api.GET('/-/api/{site}/account-dashboard', path));
}

const contentOptions = { staleTime: Infinity, gcTime: Infinity, placeholderData: keepPreviousData } as const;

/**
 * The whole bundle of the locale, one query for every reader: like the other bundles it keeps
 * the previous language's while the other loads (ARCHITECTURE.md "Languages"), and starts from
 * a whole copy the BFF wrote into the page. Flows read it through [`useAccountDashboardSections`].
 */
export function accountDashboardQuery(locale: Locale) {
  return queryOptions({
    queryKey: ['content', 'account-dashboard', locale],
    queryFn: () => fetchAccountDashboardContent(locale),
    initialData: () => inlineContent<AccountDashboardContent>('account-dashboard', locale),
    ...contentOptions,
  });
}

/**
 * The sections `need` declares, of the locale (ARCHITECTURE.md "First load"): the BFF writes
 * only a flow's declared sections into its pages, so each section set is its own query over
 * the whole bundle's one query ([`accountDashboardQuery`]; `content/sections.ts`).
 */
export function accountDashboardSectionsQuery<K extends AccountDashboardSection>(client: QueryClient, locale: Locale, need: AccountDashboardNeed<K> & { readonly sections: readonly K[] }) {
  const whole = accountDashboardQuery(locale);
  return sectionsQuery('account-dashboard', locale, { ensure: () => client.ensureQueryData(whole), cached: () => client.getQueryData(whole.queryKey) }, need.sections);
}

/**
 * The sections a flow declared (`need`, the same value as its `firstContent` entry) of the
 * locale, optionally mapped by `select`.
 */
export function useAccountDashboardSections<K extends AccountDashboardSection, T = AccountDashboardSections<K>>(
  locale: Locale,
  need: AccountDashboardNeed<K> & { readonly sections: readonly K[] },
  select?: (sections: AccountDashboardSections<K>) => T,
) {
  const client = useQueryClient();
  return useQuery({ ...accountDashboardSectionsQuery(client, locale, need), select });
}
