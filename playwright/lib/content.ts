import type { APIRequestContext } from '@playwright/test';

/** Merchant-flow content as the BFF serves it to the app (the same texts the user sees). */
export type Content = Record<string, unknown>;

async function bundle(request: APIRequestContext, locale: string, area: string): Promise<Content> {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const res = await request.get(`${prefix}/my.prepaid/${area}`);
  if (!res.ok()) throw new Error(`content ${area} ${locale}: ${res.status()}`);
  return (await res.json()) as Content;
}

export const merchantContent = (request: APIRequestContext, locale: string) => bundle(request, locale, 'merchant-flow');

/** Buy-flow content (`buyflow` bundle) in `locale`. */
export const buyflowContent = (request: APIRequestContext, locale: string) => bundle(request, locale, 'buyflow');

/** The account area's shell and sign-in texts (`all` bundle) in `locale`. */
export type AllContent = import('../../web/src/content/hooks').AllContent;
export const allContent = async (request: APIRequestContext, locale: string) =>
  (await bundle(request, locale, 'all')) as unknown as AllContent;

/** Resolves a content key path such as `assignErrors.deviceCodeNotFound`. */
export { contentText as text } from '../../web/src/testing/scenarioFiles';

/** The start of a content text, before its first placeholder (`{name}`), trimmed: what a page shows verbatim. */
export function beforePlaceholder(s: string): string {
  const at = s.indexOf('{');
  return (at < 0 ? s : s.slice(0, at)).trim();
}
