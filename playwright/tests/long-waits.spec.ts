import { expect, test } from '@playwright/test';
import { choose, walkBuy, type BuyInput } from '../lib/buy';
import { text, type Content } from '../lib/content';
import { scenario } from '../lib/scenarios';
import { signIn } from '../lib/signin';

/**
 * A long wait says it is still working after 15 s (seed 000 §2, every loading
 * screen of the buy flow, not only the session hand-off's), and an error page carries a
 * reference the customer can give support: the BFF's request id of the failed call.
 */

const ACTIVATION = 'prepaid-customer-activation';

async function buyflow(request: import('@playwright/test').APIRequestContext, locale: string): Promise<Content> {
  return (await (await request.get(`${locale === 'es' ? '/-/api/es' : '/-/api'}/my.prepaid/buyflow`)).json()) as Content;
}

for (const locale of ['en', 'es'] as const) {
  test(`the submitting screen says it is still working after 15 s [${locale}]`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const slow = scenario<BuyInput>('buy/submit-order-slow');
    const c = await buyflow(request, locale);
    await page.clock.install();
    await page.goto(`/harness/start/${slow.id}?locale=${locale}`);
    await walkBuy(page, { ...slow, input: { ...slow.input, submit: false } }, c, locale);
    const review = page.locator('[data-page="order-review"]');
    await choose(review.getByRole('checkbox', { name: text(c, 'review.consent') }));
    const sent = page.waitForRequest((r) => r.url().includes(ACTIVATION));
    await review.getByRole('button', { name: text(c, 'review.completePurchase') }).click();
    await sent;
    const screen = page.locator('[data-page="order-review"][data-loading="true"]');
    await expect(screen).toBeVisible();
    await expect(screen.getByText(text(c, 'session.timedMessage'))).toHaveCount(0);
    // the provider answers after 1.5 s of real time; the page's clock runs 15 s on at once
    await page.clock.runFor(15_500);
    await expect(screen.getByText(text(c, 'session.timedMessage'))).toBeVisible();
    await expect(page.locator('[data-page="order-confirmation"]')).toBeVisible({ timeout: 20_000 });
  });

  test(`a failed order: the error page gives the request id as the reference for support [${locale}]`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const failed = scenario<BuyInput>('buy/submit-order-server-error');
    const c = await buyflow(request, locale);
    await page.goto(`/harness/start/${failed.id}?locale=${locale}`);
    await walkBuy(page, { ...failed, input: { ...failed.input, submit: false } }, c, locale);
    const review = page.locator('[data-page="order-review"]');
    await choose(review.getByRole('checkbox', { name: text(c, 'review.consent') }));
    const answered = page.waitForResponse((r) => r.url().includes(ACTIVATION));
    await review.getByRole('button', { name: text(c, 'review.completePurchase') }).click();
    const response = await answered;
    const requestId = response.headers()['x-request-id'];
    expect(requestId).toBeTruthy();
    await page.waitForURL(new RegExp(`/${locale}/buy/error`));
    const reference = page.getByTestId('failure-reference');
    await expect(reference).toContainText(text(c, 'errorCatalogue.codeLabel'));
    await expect(reference).toContainText(requestId!);
  });
}

test('the shared error page after a failed dashboard lookup gives the request id as the reference', async ({ page, request }) => {
  const c = await buyflow(request, 'es');
  await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
  // the failed lookups (the query tries again before it gives up): the last is the reference
  const failedIds: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('/dashboard') && r.status() >= 500) failedIds.push(r.headers()['x-request-id'] ?? '');
  });
  await signIn(page, 'es', 'owner-one', { scenario: 'signin/dashboard-failure' });
  await page.waitForURL((url) => url.pathname === '/es/error', { timeout: 15_000 });
  const reference = page.getByTestId('failure-reference');
  await expect(reference).toContainText(text(c, 'errorCatalogue.codeLabel'));
  expect(failedIds.length).toBeGreaterThan(0);
  await expect(reference).toContainText(failedIds.at(-1)!);
});
