import type { APIRequestContext } from '@playwright/test';

/** Merchant-flow content as the BFF serves it to the app (the same texts the user sees). */
export type Content = Record<string, unknown>;

export async function merchantContent(request: APIRequestContext, locale: string): Promise<Content> {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const res = await request.get(`${prefix}/my.prepaid/merchant-flow`);
  if (!res.ok()) throw new Error(`content ${locale}: ${res.status()}`);
  return (await res.json()) as Content;
}

/** Resolves a content key path such as `assignErrors.deviceCodeNotFound`. */
export { contentText as text } from '../../web/src/testing/scenarioFiles';
