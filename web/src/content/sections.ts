import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Locale } from '../lib/locale';
import { inlineContent } from './hooks';

/**
 * Some top-level sections of a content bundle, read by a flow that declared them
 * (`ContentNeed.sections`, `web/src/lib/flows.ts`): the BFF writes only those into the page,
 * under `"<area>:sections"` (`bff::web::pages`), ARCHITECTURE.md "First load".
 */

/** `sections` of `bundle`; `undefined` when one is missing. */
export function pickSections<B, K extends keyof B>(bundle: Partial<B>, sections: readonly K[]): Pick<B, K> | undefined {
  const out = {} as Pick<B, K>;
  for (const k of sections) {
    const v = bundle[k];
    if (v === undefined) return undefined;
    out[k] = v as B[K];
  }
  return out;
}

/**
 * `sections` from the page: from the sections the BFF wrote (`"<area>:sections"`) or a whole
 * inline bundle; `undefined` unless every one is there.
 */
function inlineSections<B, K extends keyof B>(area: string, locale: Locale, sections: readonly K[]): Pick<B, K> | undefined {
  const partial = inlineContent<Partial<B>>(`${area}:sections`, locale);
  const whole = inlineContent<Partial<B>>(area, locale);
  return (partial && pickSections(partial, sections)) ?? (whole && pickSections(whole, sections));
}

/** The whole bundle's one query of a locale, as the section queries use it. */
export interface WholeBundle<B> {
  /** The bundle, from the cache or fetched once (`QueryClient.ensureQueryData`). */
  ensure: () => Promise<B>;
  /** The bundle when cached. */
  cached: () => B | undefined;
}

/**
 * `sections` of the `area` bundle of `locale`, each section set its own query:
 *
 * - it starts from the page's inline sections when all are there (no call before the first
 *   screen), else from the whole bundle when another page already loaded it (no call);
 * - otherwise it reads them from the whole bundle's one query (`whole`): the
 *   bundle is fetched at most once per locale, whichever pages read it;
 * - it keeps the previous language's sections while the other language's load.
 */
export function sectionsQuery<B extends object, K extends keyof B>(area: string, locale: Locale, whole: WholeBundle<B>, sections: readonly K[]) {
  return queryOptions({
    queryKey: ['content', `${area}:sections`, locale, [...sections].sort()],
    queryFn: async (): Promise<Pick<B, K>> => {
      const bundle = await whole.ensure();
      const picked = pickSections<B, K>(bundle, sections);
      if (!picked) throw new Error(`${area}: no ${sections.filter((k) => bundle[k] === undefined).join(', ')}`);
      return picked;
    },
    initialData: () => {
      const cached = whole.cached();
      return inlineSections<B, K>(area, locale, sections) ?? (cached && pickSections<B, K>(cached, sections));
    },
    staleTime: Infinity,
    gcTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
