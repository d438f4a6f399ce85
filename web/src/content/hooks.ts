import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';
import type { Locale } from '../lib/locale';

export type MerchantFlow = Schemas['MerchantFlow'];
export type Dictionary = Schemas['Dictionary'];
export type Buyflow = Schemas['Buyflow'];
export type BroadbandFacts = Schemas['BroadbandFacts'];
export type BroadbandFactsLabel = Schemas['BroadbandFactsLabel'];
/** The signed-in account area's shared texts (seed 001 §3 bundle `all`). */
export type AllContent = Schemas['All'];

/** Inputs of the provider's plan-tier widget (`getBroadbandFacts` query). */
export interface BroadbandQuery {
  tierIds: string;
  servicePlanType: string;
  lob: string;
  sourceIds: string;
}

export const SITE = 'my.prepaid';

const path = { params: { path: { site: SITE } } };

export function fetchMerchantFlow(locale: Locale): Promise<MerchantFlow> {
  return locale === 'es'
    ? call('getMerchantFlowEs', () => api.GET('/-/api/es/{site}/merchant-flow', path))
    : call('getMerchantFlow', () => api.GET('/-/api/{site}/merchant-flow', path));
}

export function fetchDictionary(locale: Locale): Promise<Dictionary> {
  return locale === 'es'
    ? call('getDictionaryEs', () => api.GET('/-/api/es/{site}/dictionary', path))
    : call('getDictionary', () => api.GET('/-/api/{site}/dictionary', path));
}

export function fetchBuyflow(locale: Locale): Promise<Buyflow> {
  return locale === 'es'
    ? call('getBuyflowEs', () => api.GET('/-/api/es/{site}/buyflow', path))
    : call('getBuyflow', () => api.GET('/-/api/{site}/buyflow', path));
}

export function fetchAll(locale: Locale): Promise<AllContent> {
  return locale === 'es'
    ? call('getAllEs', () => api.GET('/-/api/es/{site}/all', path))
    : call('getAll', () => api.GET('/-/api/{site}/all', path));
}

/** The provider's broadband facts for the plan-tier widget: English only (seed 000 §1). */
export function fetchBroadbandFacts(query: BroadbandQuery): Promise<BroadbandFacts> {
  return call('getBroadbandFacts', () =>
    api.GET('/-/api/{site}/broadband-facts', { params: { path: { site: SITE }, query } }),
  );
}

// `placeholderData`: while the other language's bundle loads (the language toggle), the page
// keeps the bundle it has instead of unmounting for a loading screen, so the flows keep their
// state in memory (stage, what was entered; seed 000 §2 "keeps the rest").
const contentOptions = { staleTime: Infinity, gcTime: Infinity, placeholderData: keepPreviousData } as const;

/** Id of the `<script type="application/json">` the BFF writes the page's content into. */
export const INLINE_CONTENT_ID = 'pp-content';

/**
 * What the BFF writes into `#pp-content` (`bff/src/web/pages.rs`): per locale, whole bundles by
 * area, and under `"<area>:sections"` only some top-level sections of a bundle, keyed by section
 * (a flow that reads a few sections of `account-dashboard`; ARCHITECTURE.md "First load"):
 * `{ "es": { "all": {..}, "dictionary": {..}, "account-dashboard:sections": { "refill": {..} } } }`.
 * A partial bundle is never under the area's own key, so no reader takes it for the whole;
 * `web/src/content/accountDashboard.ts` reads the sections.
 */
type InlineContent = Partial<Record<Locale, Partial<Record<string, unknown>>>>;
let inline: InlineContent | undefined;

function inlineOf(locale: Locale): Partial<Record<string, unknown>> | undefined {
  if (inline === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(INLINE_CONTENT_ID)?.textContent;
    try {
      inline = text ? (JSON.parse(text) as InlineContent) : {};
    } catch {
      inline = {};
    }
  }
  return inline[locale];
}

/**
 * A content bundle the BFF wrote into the page (`{ "<locale>": { "<area>": bundle } }`), so the
 * first screen needs no content call; `undefined` when absent (tests, Storybook, a content
 * failure at page load), and the call is made as before.
 */
export function inlineContent<T>(area: string, locale: Locale): T | undefined {
  return inlineOf(locale)?.[area] as T | undefined;
}

/** Reads `#pp-content` again on next use (tests: each writes its own page; files share modules). */
export function forgetInlineContent() {
  inline = undefined;
}

function contentQuery<T>(area: string, locale: Locale, fetch: (locale: Locale) => Promise<T>) {
  return { queryKey: ['content', area, locale], queryFn: () => fetch(locale), initialData: () => inlineContent<T>(area, locale), ...contentOptions };
}

/** Merchant-flow content of the locale; reloads when the locale changes. */
export function useMerchantFlow(locale: Locale) {
  return useQuery(contentQuery('merchant-flow', locale, fetchMerchantFlow));
}

export function useDictionary(locale: Locale) {
  return useQuery(contentQuery('dictionary', locale, fetchDictionary));
}

/** The buy-flow bundle of the locale (its pages; the footer is always the English one's). */
export function buyflowQuery(locale: Locale) {
  return contentQuery('buyflow', locale, fetchBuyflow);
}

/** The buy-flow content of the locale (`buyflowQuery`). */
export function useBuyflow(locale: Locale) {
  return useQuery(buyflowQuery(locale));
}

/** The account area's page shell and sign-in pages (bundle `all`) of the locale. */
export function useAll(locale: Locale) {
  return useQuery(contentQuery('all', locale, fetchAll));
}

/** Broadband facts of the plan-tier widget; not fetched while `enabled` is false. */
export function useBroadbandFacts(query: BroadbandQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['content', 'broadband-facts', query],
    queryFn: () => fetchBroadbandFacts(query),
    enabled,
    ...contentOptions,
  });
}
