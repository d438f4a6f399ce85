import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountDashboardNeed, type AccountDashboardNeed, type AccountDashboardSection } from '../lib/flows';
import type { Locale } from '../lib/locale';
import { clearInlinePage, content, inlinePage } from '../testing/content';
import { dashboardContent } from '../flows/dashboard/routes';
import { litepayContent } from '../flows/litepay/routes';
import { refillContent } from '../flows/refill/routes';
import { useAccountDashboardSections, type AccountDashboardContent } from './accountDashboard';

// The section machinery of issue 10 (ARCHITECTURE.md "First load"): a flow's page carries only
// its declared sections of `account-dashboard`; the flow's hook starts from them, and any other
// flow (or language) reads its sections from the whole bundle, fetched at most once per locale.

const bundle = { en: content.en.accountDashboard, es: content.es.accountDashboard } as unknown as Record<Locale, AccountDashboardContent>;

let calls: Locale[] = [];
const server = setupServer(
  http.get('*/-/api/es/my.prepaid/account-dashboard', () => {
    calls.push('es');
    return HttpResponse.json(bundle.es);
  }),
  http.get('*/-/api/my.prepaid/account-dashboard', () => {
    calls.push('en');
    return HttpResponse.json(bundle.en);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls = [];
  clearInlinePage();
});
afterAll(() => server.close());

function pick(locale: Locale, sections: readonly AccountDashboardSection[]) {
  return Object.fromEntries(sections.map((k) => [k, bundle[locale][k]]));
}

function wrapperOf(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function sectionsHook<K extends AccountDashboardSection>(client: QueryClient, need: AccountDashboardNeed<K> & { sections: readonly K[] }, locale: Locale = 'en') {
  return renderHook(({ l }) => useAccountDashboardSections(l, need), { wrapper: wrapperOf(client), initialProps: { l: locale } });
}

describe('account-dashboard sections', () => {
  it("a flow's first render takes its sections from the page, with no call", async () => {
    inlinePage({ es: { 'account-dashboard:sections': pick('es', litepayContent.sections) } });
    const hook = sectionsHook(newClient(), litepayContent, 'es');
    expect(hook.result.current.data).toEqual(pick('es', ['litepay', 'payments']));
    expect(calls).toEqual([]);
  });

  it('picks the sections from a whole bundle on the page too', () => {
    inlinePage({ en: { 'account-dashboard': bundle.en } });
    const hook = sectionsHook(newClient(), refillContent);
    expect(hook.result.current.data).toEqual(pick('en', ['refill', 'payments']));
    expect(calls).toEqual([]);
  });

  it('a page missing one of the sections, or of the other language, is not taken: the whole bundle is read', async () => {
    inlinePage({ en: { 'account-dashboard:sections': { refill: bundle.en.refill } }, es: { 'account-dashboard:sections': pick('es', ['refill', 'payments']) } });
    const hook = sectionsHook(newClient(), refillContent);
    expect(hook.result.current.data).toBeUndefined();
    await waitFor(() => expect(hook.result.current.data).toEqual(pick('en', ['refill', 'payments'])));
    expect(calls).toEqual(['en']);
  });

  it('after navigation to flows needing other sections, the whole bundle is fetched once and no section is undefined', async () => {
    inlinePage({ en: { 'account-dashboard:sections': pick('en', refillContent.sections) } });
    const client = newClient();
    const refill = sectionsHook(client, refillContent);
    expect(refill.result.current.data).toEqual(pick('en', refillContent.sections));
    refill.unmount();
    // the dashboard needs sections the page did not carry: one call, for the whole bundle
    const dashboard = sectionsHook(client, dashboardContent);
    const accountInformation = sectionsHook(client, accountDashboardNeed(['accountInformation']));
    await waitFor(() => expect(dashboard.result.current.data).toEqual(pick('en', dashboardContent.sections)));
    await waitFor(() => expect(accountInformation.result.current.data).toEqual(pick('en', ['accountInformation'])));
    // a later flow draws from the bundle at once
    const litepay = sectionsHook(client, litepayContent);
    expect(litepay.result.current.data).toEqual(pick('en', litepayContent.sections));
    expect(calls).toEqual(['en']);
  });

  it('the language switch keeps the sections it has until the other language comes, then shows only that language', async () => {
    inlinePage({ en: { 'account-dashboard:sections': pick('en', litepayContent.sections) } });
    const client = newClient();
    const hook = sectionsHook(client, litepayContent);
    const other = renderHook(({ l }) => useAccountDashboardSections(l, refillContent, (d) => d.refill.genericError), {
      wrapper: wrapperOf(client),
      initialProps: { l: 'en' as Locale },
    });
    hook.rerender({ l: 'es' });
    other.rerender({ l: 'es' });
    // kept while the Spanish bundle loads (never undefined, never a loading screen)
    expect(hook.result.current.data).toEqual(pick('en', litepayContent.sections));
    expect(hook.result.current.isPlaceholderData).toBe(true);
    await waitFor(() => expect(hook.result.current.data).toEqual(pick('es', litepayContent.sections)));
    await waitFor(() => expect(other.result.current.data).toBe(bundle.es.refill.genericError));
    expect(hook.result.current.data?.litepay.title).not.toBe(bundle.en.litepay.title);
    // the English bundle was read once (for the refill hook), the Spanish one once for both
    expect(calls.filter((l) => l === 'es')).toEqual(['es']);
    expect(calls.filter((l) => l === 'en').length).toBeLessThanOrEqual(1);
    // and back: English again from the cache, no call
    const before = calls.length;
    hook.rerender({ l: 'en' });
    expect(hook.result.current.data).toEqual(pick('en', litepayContent.sections));
    expect(calls.length).toBe(before);
  });

  it('a flow declares only sections the bundle has (checked by the compiler)', () => {
    // @ts-expect-error `refil` is no section of the bundle
    expect(accountDashboardNeed(['refil']).sections).toEqual(['refil']);
  });

  it('a failed bundle call is an error of every section query waiting for it', async () => {
    server.use(http.get('*/-/api/my.prepaid/account-dashboard', () => HttpResponse.json({ errorCode: 'UPSTREAM', message: 'x', requestId: 'r' }, { status: 502 })));
    const hook = sectionsHook(newClient(), refillContent);
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
  });
});
