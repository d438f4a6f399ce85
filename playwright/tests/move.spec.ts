import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { signIn } from '../lib/signin';

/**
 * The move pages in the browser (issue 13 "Move"; seed 002 §2.8, §4.4): a scheduled move that
 * needs a refill, from the dashboard's Move link through the 30-day refill (the saved card, or
 * one saved in the card entry) to the schedule confirmation and its cancel (English); a move
 * today without a refill in Spanish with the Spanish-only check. Axe on the final states. Each
 * test starts a run of its own (`signin/owner-one`: the default world); the move scenarios
 * (`scenarios/move/`) are asserted over HTTP (bff/tests/it/move.rs), the pages' rules in Vitest
 * (Move.test.tsx) and every state in stories.
 */

type Texts = Record<string, Record<string, string>> & Record<string, unknown>;
/** owner-one's account in the default world: 20 days left; the retail world's serviceable address. */
const OWNER_ONE = '8993100000000101';
const STREET = '845 Spring St NW';
const ZIP = '30308';

async function texts(page: Page, locale: string) {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const res = await page.request.get(`${prefix}/my.prepaid/account-dashboard`);
  expect(res.ok()).toBe(true);
  const mf = await page.request.get(`${prefix}/my.prepaid/merchant-flow`);
  const body = (await res.json()) as { moving: Texts; refill: Texts; payments: Texts };
  return { moving: body.moving, refill: body.refill, payments: body.payments, address: ((await mf.json()) as { addressCheck: Record<string, string> }).addressCheck };
}

/** The BFF's `today` of the move (the US Eastern day), plus `days`, `YYYY-MM-DD`. */
async function moveDate(page: Page, account: string, days: number): Promise<string> {
  const res = await page.request.get(`/secure2/accounts/${account}/move`);
  expect(res.ok()).toBe(true);
  const today = ((await res.json()) as { today: string }).today;
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function enterAddress(page: Page, address: Record<string, string>, street: string, zip: string) {
  await page.getByRole('combobox', { name: address.streetLabel }).fill(street);
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: address.zipLabel }).fill(zip);
  await page.getByRole('button', { name: address.submit }).click();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
});

test('a scheduled move 35 days ahead needs a refill (no 7-day plan): refill, schedule, confirmation, then cancel', async ({ page }) => {
  // a run of its own (a harness start), so the move and its cancel touch no other test
  await signIn(page, 'en', 'owner-one', { scenario: 'signin/owner-one' });
  await page.waitForURL(/\/en\/dashboard/);
  const { moving: c, refill: r, payments, address } = await texts(page, 'en');
  await page.locator('a[href="/en/move"]:visible').first().click();
  await page.waitForURL(/\/en\/move$/);
  await expect(page.getByRole('heading', { level: 1, name: address.moveHeading })).toBeVisible({ timeout: 20_000 });
  await enterAddress(page, address, STREET, ZIP);
  await expect(page.getByRole('heading', { level: 1, name: c.addressConfirmation!.title })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: c.addressConfirmation!.moveLater }).click();
  await page.getByLabel(c.schedule!.dateLabel).fill(await moveDate(page, OWNER_ONE, 35));
  await page.getByRole('button', { name: c.schedule!.continueLabel }).click();
  await page.waitForURL(/\/en\/move\/refill-required$/);
  await expect(page.getByTestId('progress')).toHaveAttribute('data-percent', '33');
  // the gap is over 7 days: no 7-day plan (seed 002 §9)
  await expect(page.getByTestId('refill-cart')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('radio')).toHaveCount(1);
  await page.getByRole('button', { name: r.customize!.next }).click();
  await page.waitForURL(/\/en\/move\/refill-(review|payment)$/);
  await expect(page.getByTestId('progress')).toHaveAttribute('data-percent', '66');
  if (page.url().endsWith('/refill-payment')) {
    // no saved card: the card entry (its stand-in) saves one, then the review (no reload)
    await expect(page.getByRole('heading', { level: 1, name: c.refillPaymentTitle as unknown as string })).toBeVisible();
    const card = page.locator(`iframe[title="${payments.editPayment!.cardEntryTitle}"]`).contentFrame();
    await card.locator('#cardNumber').fill('4111111111111111');
    await card.locator('#expirationDate').fill('12/30');
    await card.locator('#cvv').fill('123');
    await page.getByRole('button', { name: r.payment!.save }).click();
    await page.waitForURL(/\/en\/move\/refill-review$/, { timeout: 20_000 });
  }
  const review = page.locator('[data-page="review"]');
  await expect(review.getByTestId('saved-card')).toContainText('xxxx-xxxx-xxxx-');
  await review.getByTestId('agreement').click();
  await review.getByRole('button', { name: r.review!.submit }).click();
  await page.waitForURL(/\/en\/move\/refill-confirmation$/, { timeout: 20_000 });
  await expect(page.getByTestId('progress')).toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('refill-expiry')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'move refill confirmation');
  await page.getByTestId('continue-move').click();
  await page.waitForURL(/\/en\/move\/schedule-finalize$/);
  await page.getByRole('button', { name: c.finalize!.submit }).click();
  await page.waitForURL(/\/en\/move\/schedule-confirmation$/, { timeout: 20_000 });
  await expect(page.getByTestId('confirmation-number')).not.toBeEmpty();
  await expect(page.getByTestId('move-to')).toContainText(STREET);
  await expect(page.getByTestId('move-cancel-by')).toBeVisible();
  await expectNoAxeViolations(page, 'move schedule confirmation');
  await page.getByRole('button', { name: c.cancel as unknown as string }).click();
  await expectNoAxeViolations(page, 'cancel this move modal');
  await page.getByRole('dialog').getByRole('button', { name: (c.cancelModal as Record<string, string>).confirm }).click();
  await page.waitForURL(/\/en\/dashboard$/, { timeout: 20_000 });
});

test('a move today without a refill, in Spanish', async ({ page }) => {
  const ref = await englishReference(page.request);
  await signIn(page, 'es', 'owner-one', { scenario: 'signin/owner-one' });
  await page.waitForURL(/\/es\/dashboard/);
  const { moving: c, address } = await texts(page, 'es');
  await page.goto('/es/move');
  await expect(page.getByRole('heading', { level: 1, name: address.moveHeading })).toBeVisible({ timeout: 20_000 });
  await enterAddress(page, address, STREET, ZIP);
  await page.getByRole('link', { name: c.addressConfirmation!.moveToday }).click();
  await page.getByRole('button', { name: c.scheduleNow!.continueLabel }).click();
  await page.waitForURL(/\/es\/move\/now$/);
  await expectSpanishOnly(page, ref, 'move now');
  await page.getByRole('button', { name: c.now!.submit }).click();
  await page.waitForURL(/\/es\/move\/now-confirmation$/, { timeout: 20_000 });
  await expect(page.getByTestId('confirmation-number')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: c.cancel as unknown as string })).toHaveCount(0);
  await expectNoAxeViolations(page, 'move now confirmation');
  await expectSpanishOnly(page, ref, 'move now confirmation');
});
