import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { tabTo } from '../lib/keyboard';
import { signIn } from '../lib/signin';

/**
 * The refill pages in the browser (issue 13; seed 002 §2.2 to §2.6): a card refill with the
 * saved card from the shell's Refill link, a PIN refill in Spanish, a refused refill, and a
 * refill by keyboard alone, each in a run of its own (a harness scenario start), with axe on
 * each state. Every scenario's outcome is asserted over HTTP (bff/tests/it/refill.rs,
 * refill_pin.rs) and every state in stories.
 */

type Refill = {
  customize: Record<string, string> & { winback: Record<string, string> };
  pin: Record<string, string>;
  review: Record<string, string>;
  confirmation: Record<string, string>;
};

async function refillContent(page: Page, locale: string): Promise<Refill> {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const res = await page.request.get(`${prefix}/my.prepaid/account-dashboard`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { refill: Refill }).refill;
}

/** The customize page with the BFF's cart drawn. */
async function customize(page: Page) {
  const p = page.locator('[data-page="customize"]');
  await expect(p.getByTestId('refill-cart')).toBeVisible({ timeout: 20_000 });
  return p;
}

// the dashboard's welcome tour (once per browser) is not what these tests are about
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
});

test('card refill with the saved card: the shell Refill link, the sale promo struck through, review, confirmation', async ({ page }) => {
  await signIn(page, 'en', 'owner-states', { scenario: 'refill/card-30-day', account: '8993100000001301' });
  await page.waitForURL(/\/en\/dashboard/);
  const c = await refillContent(page, 'en');
  await page.locator('a[href="/en/refill"]:visible').first().click();
  await page.waitForURL(/\/en\/refill(\?|$)/);
  const p = await customize(page);
  await expect(p.getByRole('tab', { name: c.customize.cardTab })).toHaveAttribute('aria-selected', 'true');
  // the account's sale promo is in the cart: the plan's price struck through, the promo price
  await expect(p.getByTestId('cart-promo').locator('del')).toHaveText('$45.00');
  await expect(p.getByTestId('cart-promo').locator('ins')).toHaveText('$10.00');
  await expectNoAxeViolations(page, 'refill customize');
  await p.getByRole('button', { name: c.customize.next }).click();
  await page.waitForURL(/\/en\/refill\/review/);
  const review = page.locator('[data-page="review"]');
  await expect(review.getByTestId('saved-card')).toContainText('xxxx-xxxx-xxxx-');
  await expectNoAxeViolations(page, 'refill review');
  const submit = review.getByRole('button', { name: c.review.submit });
  await expect(submit).toBeDisabled();
  await review.getByTestId('agreement').click();
  const answered = page.waitForResponse((r) => r.url().includes('/refill/order'));
  await submit.click();
  expect((await answered).status()).toBe(200);
  await page.waitForURL(/\/en\/refill\/confirmation/);
  const done = page.locator('[data-page="confirmation"]');
  await expect(done.getByRole('heading', { level: 1, name: c.confirmation.title })).toBeVisible();
  await expect(done.getByTestId('order-number')).toContainText('RF');
  await done.getByRole('button', { name: c.confirmation.details }).click();
  await expect(done.getByTestId('refill-cart')).toBeVisible();
  await expect(done.getByTestId('auto-refill-card')).toBeVisible();
  await expectNoAxeViolations(page, 'refill confirmation');
});

test('es: PIN refill, validate, details, redeem, confirmation (Spanish only)', async ({ page }) => {
  await signIn(page, 'es', 'owner-one', { scenario: 'refill/pin-valid-redeemed' });
  await page.waitForURL(/\/es\/dashboard/);
  const c = await refillContent(page, 'es');
  const ref = await englishReference(page.request);
  await page.goto('/es/refill');
  const p = await customize(page);
  await expectSpanishOnly(page, ref, 'refill customize');
  await p.getByRole('tab', { name: c.customize.pinTab }).click();
  await p.getByRole('textbox', { name: c.pin.label }).fill('200000000002');
  await p.getByRole('button', { name: c.pin.verify }).click();
  const details = p.getByTestId('pin-details');
  await expect(details).toContainText('********0002');
  // both dates m/d/yyyy (seed 001 §9), not the provider's MM/DD/YYYY beside it
  const mdyyyy = /^([1-9]|1[0-2])\/([1-9]|[12]\d|3[01])\/\d{4}$/;
  const dates = details.locator('dd');
  await expect(dates).toHaveCount(4);
  // the PIN's last day and the service's new expiry
  for (const i of [2, 3]) await expect(dates.nth(i)).toHaveText(mdyyyy);
  await expectNoAxeViolations(page, 'refill pin details');
  await expectSpanishOnly(page, ref, 'refill pin details');
  await p.getByRole('button', { name: c.pin.redeem }).click();
  await page.waitForURL(/\/es\/refill\/confirmation/);
  const done = page.locator('[data-page="confirmation"]');
  await expect(done.getByRole('heading', { level: 1, name: c.confirmation.title })).toBeVisible();
  await expect(done.getByTestId('new-expiry')).toBeVisible();
  await expectNoAxeViolations(page, 'refill pin confirmation');
  await expectSpanishOnly(page, ref, 'refill pin confirmation');
});

test('a refused refill (REFILL_PAYMENT_DECLINED): the catalogue message in an alert on review', async ({ page }) => {
  await signIn(page, 'en', 'owner-states', { scenario: 'refill/card-refused-payment-declined', account: '8993100000001301' });
  await page.waitForURL(/\/en\/dashboard/);
  const c = await refillContent(page, 'en');
  await page.goto('/en/refill');
  const p = await customize(page);
  await p.getByRole('button', { name: c.customize.next }).click();
  const review = page.locator('[data-page="review"]');
  await review.getByTestId('agreement').click();
  await review.getByRole('button', { name: c.review.submit }).click();
  await expect(review.getByRole('alert')).toContainText('declined');
  await expect(review).toHaveAttribute('data-stage', 'failed');
  await expectNoAxeViolations(page, 'refill failed');
});

test('a 7-day refill by keyboard alone', async ({ page }) => {
  await signIn(page, 'en', 'owner-states', { scenario: 'refill/card-7-day', account: '8993100000001301' });
  await page.waitForURL(/\/en\/dashboard/);
  const c = await refillContent(page, 'en');
  await page.goto('/en/refill');
  const p = await customize(page);
  // the radio group is one Tab stop; the arrow keys choose within it
  await tabTo(page, p.getByRole('radio', { name: /30/ }), 40);
  await page.keyboard.press('ArrowDown');
  await expect(p.getByRole('radio', { name: /7/ })).toBeChecked();
  await expect(p.getByTestId('cart-line-HSD_007')).toBeVisible();
  await tabTo(page, p.getByRole('button', { name: c.customize.next }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/en\/refill\/review/);
  const review = page.locator('[data-page="review"]');
  await tabTo(page, review.getByRole('checkbox', { name: c.review.agreement }));
  await page.keyboard.press('Space');
  await tabTo(page, review.getByRole('button', { name: c.review.submit }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/en\/refill\/confirmation/);
  const done = page.locator('[data-page="confirmation"]');
  await expect(done.getByRole('heading', { level: 1, name: c.confirmation.title })).toBeVisible();
  await expect(done.getByTestId('auto-refill-card')).toHaveCount(0);
  await tabTo(page, done.getByRole('link', { name: c.confirmation.continueLabel }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/en\/dashboard/);
});
