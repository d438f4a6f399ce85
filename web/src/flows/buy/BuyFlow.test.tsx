import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureXsrfToken, resetXsrfToken } from '../../api/client';
import { recordingHandlers, type Recording } from '../../testing/recordings';
import { content } from '../../testing/content';
import { renderApp } from '../../testing/render';
import { seedBuySession, SUBMIT_PATH, type BuySeed } from '../../testing/buySession';
import type { BuyContent } from './content';
import { buyHref, type BuyPageId } from './routes';
import happyJson from './recordings/happy-promo-accepted.json';
import completeJson from './recordings/session-existing-complete.json';

// the first page of a run loads the lazy buy chunk: slow on a busy machine
configure({ asyncUtilTimeout: 15_000 });

const happy = happyJson as unknown as Recording;
const complete = completeJson as unknown as Recording;
const en = content.en.buyflow as unknown as BuyContent;
const es = content.es.buyflow as unknown as BuyContent;

const server = setupServer();
const requests: Request[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(request.clone());
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.use(...recordingHandlers(happy, content));
});
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  sessionStorage.clear();
});
afterAll(() => server.close());

const page = () => document.querySelector('[data-page]')?.getAttribute('data-page');
const open = (path: string, seed: BuySeed = 'context') => {
  seedBuySession(seed, happy);
  return renderApp(path);
};
const waitForPage = (id: BuyPageId) => waitFor(() => expect(page()).toBe(id), { timeout: 15_000 });

describe('buy flow pages with recorded answers', () => {
  it('entry reads lm and goes to internet; progress 20; calls carry Accept-Language', async () => {
    // the token not answered yet, whatever a file before this one asked (files share the client
    // module): answered, the entry draws internet at once and the route's page view follows it
    // (tested below), which made this one depend on the order of the files
    resetXsrfToken();
    const { router } = open(`${buyHref('es', 'entry')}?lm=${encodeURIComponent(btoa('LOC-30309-0001:ATL'))}`, 'none');
    await waitForPage('internet');
    await waitFor(() => expect(router.state.location.pathname).toBe(buyHref('es', 'internet')));
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText(es.progress.internet)).toBeInTheDocument();
    await screen.findByTestId('cart-summary');
    expect(sessionStorage.getItem('pp.buy.marketId')).toBe('ATL');
    const bff = requests.filter((r) => r.url.includes('/secure/'));
    expect(bff.length).toBeGreaterThan(0);
    for (const r of bff) expect(r.headers.get('accept-language')).toBe('es');
    expect(requests.some((r) => r.url.includes('validate-customer-serviceability') && r.url.includes('source=CP'))).toBe(true);
    const steps = () => (window.dataLayer as { event: string; step?: string }[]).filter((e) => e.event === 'pageView').map((e) => e.step);
    await waitFor(() => expect(steps()).toContain('internet'));
    // Spanish: the static broadband label with the seed's figures
    expect(within(screen.getByTestId('broadband-label')).getByText('$45', { exact: false })).toBeInTheDocument();
  });

  it('product details or serviceability failing: nothing to sell, the error page with an apiError event', async () => {
    for (const [path, call] of [
      ['*/util-service/product-detail', 'getProductDetails'],
      ['*/validate-customer-serviceability', 'validateBuyServiceability'],
    ] as const) {
      server.use(http.get(path, () => HttpResponse.json({ errorCode: 'UPSTREAM_UNAVAILABLE', message: 'x', requestId: 'r' }, { status: 502 })));
      window.dataLayer = [];
      const { router, unmount } = open(`${buyHref('en', 'entry')}?lm=${encodeURIComponent(btoa('LOC-30309-0001:ATL'))}`, 'none');
      await waitForPage('error');
      expect(router.state.location.pathname).toBe(buyHref('en', 'error'));
      expect(window.dataLayer).toContainEqual({ event: 'apiError', call, errorCode: 'UPSTREAM_UNAVAILABLE', errorMessage: 'x' });
      unmount();
      server.resetHandlers(...recordingHandlers(happy, content));
      sessionStorage.clear();
    }
  });

  it('the entry draws its page at once when the token answered before the flow drew, else its loading screen first', async () => {
    const lm = encodeURIComponent(btoa('LOC-30309-0001:ATL'));
    const drawnPages = (): string[] => {
      const seen: string[] = [];
      const note = () => {
        const id = page();
        if (id && seen.at(-1) !== id) seen.push(id);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
      return seen;
    };
    // answered: internet is the first page drawn, the address follows
    resetXsrfToken();
    await ensureXsrfToken();
    let seen = drawnPages();
    const first = open(`${buyHref('en', 'entry')}?lm=${lm}`, 'none');
    await waitFor(() => expect(first.router.state.location.pathname).toBe(buyHref('en', 'internet')));
    await screen.findByTestId('cart-summary');
    expect(seen).toEqual(['internet']);
    expect(sessionStorage.getItem('pp.buy.marketId')).toBe('ATL');
    first.unmount();
    // not answered yet: the loading screen, then the page
    resetXsrfToken();
    server.use(http.get('*/token', async () => (await delay(300), HttpResponse.json({ xsrfToken: 'late' }))));
    seen = drawnPages();
    open(`${buyHref('en', 'entry')}?promo=true&lm=${lm}`, 'none');
    await waitForPage('direct-promo');
    expect(seen).toEqual(['entry', 'direct-promo']);
    // the next test's calls carry the recording's token
    resetXsrfToken();
  });

  it('entry with promo=true goes to direct-promo', async () => {
    const { router } = open(`${buyHref('en', 'entry')}?promo=true&lm=${encodeURIComponent(btoa('LOC-30309-0001:ATL'))}`, 'none');
    await waitForPage('direct-promo');
    // drawn at once when the token had answered; the address follows
    await waitFor(() => expect(router.state.location.pathname).toBe(buyHref('en', 'direct-promo')));
  });

  it('internet Next opens the promo modal; accepting adds the promo and goes to session', async () => {
    server.use(http.post('*/secure/session', () => delay('infinite')));
    const user = userEvent.setup();
    const { router } = open(buyHref('en', 'internet'));
    await screen.findByTestId('cart-summary');
    await user.click(within(screen.getByTestId('sticky-cart')).getByRole('button', { name: en.cart.next }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en.internet.promoModal.accept }));
    await waitForPage('session');
    expect(router.state.location.pathname).toBe(buyHref('en', 'session'));
    const put = requests.find((r) => r.method === 'PUT' && r.url.includes('/secure/api/v1/cart'))!;
    expect(await put.json()).toEqual({ promoInCart: true });
    expect(put.headers.get('x-xsrf-token')).toBe('recorded-xsrf-token');
    expect(screen.getByText(en.session.preRedirect)).toBeInTheDocument();
    // the session loading screen keeps its bar value: 40 before the redirect
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  });

  it('session return with stripEmail goes to customer-info with the e-mail blank and editable', async () => {
    server.use(...recordingHandlers(complete, content));
    seedBuySession('context', complete);
    sessionStorage.setItem('stripEmail', 'true');
    const { router } = renderApp(`${buyHref('en', 'session')}?digitalSessionId=DS-0000000000000000`);
    await waitForPage('customer-info');
    expect(router.state.location.pathname).toBe(buyHref('en', 'customer-info'));
    const ci = en.customerInfo;
    expect(screen.getByRole('textbox', { name: ci.emailLabel })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: ci.emailLabel })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: ci.firstNameLabel })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: ci.phoneLabel })).toHaveValue('(404) 555 - 0101');
  });

  it('a complete restored session goes to order-details once tax is loaded', async () => {
    server.use(...recordingHandlers(complete, content));
    const { router } = open(`${buyHref('en', 'session')}?digitalSessionId=DS-0000000000000000`);
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await waitForPage('order-details');
    expect(router.state.location.pathname).toBe(buyHref('en', 'order-details'));
    expect(requests.some((r) => r.url.includes('get-tax'))).toBe(true);
  });

  it('customer info: filters, formats, validates on blur, sends digits; BFF field errors map back', async () => {
    server.use(
      http.put('*/secure/api/v1/customer', () =>
        HttpResponse.json(
          { errorCode: 'VALIDATION_FAILED', message: 'invalid', requestId: 'r', details: [{ field: 'email', code: 'emailMismatch' }] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    open(buyHref('en', 'customer-info'));
    const ci = en.customerInfo;
    const first = await screen.findByRole('textbox', { name: ci.firstNameLabel });
    await user.type(first, 'Ana3!');
    expect(first).toHaveValue('Ana');
    await user.type(screen.getByRole('textbox', { name: ci.lastNameLabel }), "O'Néil-Ruiz");
    const email = screen.getByRole('textbox', { name: ci.emailLabel });
    await user.type(email, 'ana@example');
    await user.tab();
    await screen.findByText(ci.messages.emailMissing);
    // once in error, typing re-validates
    await user.type(email, '.com');
    await waitFor(() => expect(screen.queryByText(ci.messages.emailMissing)).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: ci.confirmEmailLabel }), 'ana@example.com');
    const phone = screen.getByRole('textbox', { name: ci.phoneLabel });
    await user.type(phone, '215a5550123');
    expect(phone).toHaveValue('(215) 555 - 0123');
    await user.click(screen.getByRole('button', { name: ci.next }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.url.includes('/customer'))).toBe(true));
    const put = requests.find((r) => r.method === 'PUT' && r.url.includes('/customer'))!;
    expect(await put.json()).toEqual({ firstName: 'Ana', lastName: "O'Néil-Ruiz", email: 'ana@example.com', confirmEmail: 'ana@example.com', tn: '2155550123' });
    await screen.findByText(ci.messages.emailMismatch);
  });

  it('customer info: every empty field shows its message', async () => {
    const user = userEvent.setup();
    open(buyHref('en', 'customer-info'));
    const ci = en.customerInfo;
    await user.click(await screen.findByRole('button', { name: ci.next }));
    for (const m of [ci.messages.firstNameMissing, ci.messages.lastNameMissing, ci.messages.emailMissing, ci.messages.confirmEmailMissing, ci.messages.phoneInvalid]) {
      await screen.findByText(m);
    }
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('order review: consent gates Complete purchase; one Idempotency-Key; placed -> confirmation', async () => {
    const user = userEvent.setup();
    const { router } = open(buyHref('en', 'order-review'), 'card');
    const rv = en.review;
    const complete = await screen.findByRole('button', { name: rv.completePurchase });
    expect(complete).toBeDisabled();
    expect(screen.getByTestId('masked-card')).toHaveTextContent('1111');
    await user.click(screen.getByRole('checkbox', { name: rv.consent }));
    expect(complete).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: rv.languageSpanish }));
    await user.dblClick(complete);
    await waitForPage('order-confirmation');
    expect(router.state.location.pathname).toBe(buyHref('en', 'order-confirmation'));
    const submits = requests.filter((r) => r.url.includes(SUBMIT_PATH));
    expect(submits).toHaveLength(1);
    expect(submits[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await submits[0]!.json()).toEqual({ smsOptIn: false, emailOptIn: false, langPref: 'SPANISH', consent: true });
    // the answer settled the attempt
    expect(sessionStorage.getItem('pp.buy.orderAttemptKey')).toBeNull();
    expect(screen.getByTestId('confirmation-message')).toHaveTextContent((happy.exchanges.find((e) => e.path === SUBMIT_PATH)!.body as { email: string }).email);
    // the load screen stayed until the confirmation was drawn; the bar comes back once it is gone
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('order review: a failed order shows the BFF message in the banner; the retry gets a new key', async () => {
    server.use(http.post(`*${SUBMIT_PATH}`, () => HttpResponse.json({ outcome: 'failed', message: 'An account already exists with that phone number.', email: 'a@b.co' })));
    const user = userEvent.setup();
    open(buyHref('en', 'order-review'), 'card');
    await user.click(await screen.findByRole('checkbox', { name: en.review.consent }));
    await user.click(screen.getByRole('button', { name: en.review.completePurchase }));
    const banner = await screen.findByTestId('warning-banner');
    expect(banner).toHaveTextContent('An account already exists with that phone number.');
    await user.click(within(banner).getByRole('button', { name: en.banner.closeLabel }));
    expect(screen.queryByTestId('warning-banner')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.review.completePurchase }));
    await waitFor(() => expect(requests.filter((r) => r.url.includes(SUBMIT_PATH))).toHaveLength(2));
    const [a, b] = requests.filter((r) => r.url.includes(SUBMIT_PATH));
    expect(a!.headers.get('idempotency-key')).not.toBe(b!.headers.get('idempotency-key'));
  });

  it('order review: a network failure keeps the key and goes to /buy/error with a system-error event', async () => {
    server.use(http.post(`*${SUBMIT_PATH}`, () => HttpResponse.error()));
    const user = userEvent.setup();
    const { router } = open(buyHref('en', 'order-review'), 'card');
    await user.click(await screen.findByRole('checkbox', { name: en.review.consent }));
    await user.click(screen.getByRole('button', { name: en.review.completePurchase }));
    await waitForPage('error');
    expect(router.state.location.pathname).toBe(buyHref('en', 'error'));
    expect(window.dataLayer).toContainEqual({ event: 'systemError', call: 'submitOrder', errorCode: 'NETWORK' });
    const key = requests.find((r) => r.url.includes(SUBMIT_PATH))!.headers.get('idempotency-key');
    expect(sessionStorage.getItem('pp.buy.orderAttemptKey')).toBe(key);
    expect(screen.getByRole('heading', { level: 1, name: en.errorPage.title })).toBeInTheDocument();
  });

  it('order review: unrecoverable goes to the error page', async () => {
    server.use(http.post(`*${SUBMIT_PATH}`, () => HttpResponse.json({ outcome: 'unrecoverable', businessErrorCode: 'PAYMENT-0001', message: 'x', email: 'a@b.co' })));
    const user = userEvent.setup();
    open(buyHref('en', 'order-review'), 'card');
    await user.click(await screen.findByRole('checkbox', { name: en.review.consent }));
    await user.click(screen.getByRole('button', { name: en.review.completePurchase }));
    await waitForPage('error');
  });

  it('404 page and the catch-all under /buy/', async () => {
    open(`${buyHref('es', 'entry')}/no-such-step`);
    await waitForPage('404');
    expect(screen.getByRole('heading', { level: 1, name: es.notFound.title })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('the footer comes from the English content on Spanish pages', async () => {
    open(buyHref('es', 'error'));
    await waitForPage('error');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(en.buyflowFooter.copyright);
  });
});
