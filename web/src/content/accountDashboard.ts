import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';
import type { AccountDashboardNeed, AccountDashboardSection } from '../lib/flows';
import type { Locale } from '../lib/locale';
import { inlineContent, SITE } from './hooks';

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

/** `sections` of `bundle`; `undefined` when one is missing. */
function pickSections<K extends AccountDashboardSection>(bundle: Partial<AccountDashboardContent>, sections: readonly K[]): AccountDashboardSections<K> | undefined {
  const out = {} as AccountDashboardSections<K>;
  for (const k of sections) {
    const v = bundle[k];
    if (v === undefined) return undefined;
    out[k] = v as AccountDashboardContent[K];
  }
  return out;
}

/**
 * `sections` from the page: from the sections the BFF wrote (`"account-dashboard:sections"`,
 * `web/src/content/hooks.ts` `InlineContent`) or a whole inline bundle; `undefined` unless
 * every one is there.
 */
function inlineSections<K extends AccountDashboardSection>(locale: Locale, sections: readonly K[]): AccountDashboardSections<K> | undefined {
  const partial = inlineContent<Partial<AccountDashboardContent>>('account-dashboard:sections', locale);
  const whole = inlineContent<Partial<AccountDashboardContent>>('account-dashboard', locale);
  return (partial && pickSections(partial, sections)) ?? (whole && pickSections(whole, sections));
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
 * The sections `need` declares, of the locale (ARCHITECTURE.md "First load"). The BFF writes
 * only a flow's declared sections into its pages, so each section set is its own query:
 *
 * - it starts from the page's inline sections when all are there (no call before the first
 *   screen), else from the whole bundle when another flow already loaded it (no call);
 * - otherwise it reads them from the whole bundle's one query ([`accountDashboardQuery`],
 *   `ensureQueryData`): the bundle is fetched at most once per locale, whichever flows read it;
 * - it keeps the previous language's sections while the other language's load.
 */
export function accountDashboardSectionsQuery<K extends AccountDashboardSection>(client: QueryClient, locale: Locale, need: AccountDashboardNeed<K> & { readonly sections: readonly K[] }) {
  const whole = accountDashboardQuery(locale);
  const sections = need.sections;
  return queryOptions({
    queryKey: ['content', 'account-dashboard:sections', locale, [...sections].sort()],
    queryFn: async (): Promise<AccountDashboardSections<K>> => {
      const bundle = await client.ensureQueryData(whole);
      const picked = pickSections(bundle, sections);
      if (!picked) throw new Error(`account-dashboard: no ${sections.filter((k) => bundle[k] === undefined).join(', ')}`);
      return picked;
    },
    initialData: () => {
      const cached = client.getQueryData(whole.queryKey);
      return inlineSections(locale, sections) ?? (cached && pickSections(cached, sections));
    },
    ...contentOptions,
  });
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
