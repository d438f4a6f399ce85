import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { clearInlinePage, content, inlinePage } from '../testing/content';
import { useBuyflowFooter } from './footer';
import type { Buyflow } from './hooks';

// The merchant shell's footer (seed 000 §2) is the `buyflowFooter` section of the English
// `buyflow` bundle: the page carries that section alone (issue 10, ARCHITECTURE.md "First
// load"), and without it the whole English bundle is fetched once.

const buyflow = content.en.buyflow as unknown as Buyflow;
let calls = 0;
const server = setupServer(
  http.get('*/-/api/my.prepaid/buyflow', () => {
    calls += 1;
    return HttpResponse.json(buyflow);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls = 0;
  clearInlinePage();
});
afterAll(() => server.close());

function render(page?: unknown) {
  if (page) inlinePage(page);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useBuyflowFooter(), { wrapper });
}

it('the footer comes from the section on the page, with no call', async () => {
  const { result } = render({ en: { 'buyflow:sections': { buyflowFooter: buyflow.buyflowFooter } } });
  expect(result.current.data).toEqual(buyflow.buyflowFooter);
  await new Promise((r) => setTimeout(r, 20));
  expect(calls).toBe(0);
});

it('without it on the page, the English bundle is fetched once and its footer shown', async () => {
  const { result } = render({ es: { 'buyflow:sections': { buyflowFooter: { not: 'English' } } } });
  await waitFor(() => expect(result.current.data).toEqual(buyflow.buyflowFooter));
  expect(calls).toBe(1);
});
