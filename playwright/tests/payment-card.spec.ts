import { expect, test, type Page } from '@playwright/test';
import type { AccountDashboardContent } from '../../web/src/content/accountDashboard';
import { expectNoAxeViolations } from '../lib/axe';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { signIn } from '../lib/signin';

/**
 * The shared payment card of seed 002 (§2.4, §2.9, §4.3, §5): Save is disabled while
 * the card form is invalid (an empty one included); the saved card, editing and new-card states
 * with Edit/Cancel; a refusal's message goes with the form's wait (30 s, then 10 s from the
 * second), and the third refusal's return to the dashboard says why there.
 */

type Texts = Pick<AccountDashboardContent, 'payments' | 'refill' | 'litepay'>;

async function texts(page: Page, locale: string): Promise<Texts> {
  const res = await page.request.get(`${locale === 'es' ? '/-/api/es' : '/-/api'}/my.prepaid/account-dashboard`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Texts;
}

const cardFrame = (page: Page, t: Texts) => page.locator(`iframe[title="${t.payments.editPayment.cardEntryTitle}"]`).contentFrame();

async function fillCard(page: Page, t: Texts, number: string) {
  const card = cardFrame(page, t);
  await card.locator('#cardNumber').fill(number);
  await card.locator('#expirationDate').fill('12/30');
  await card.locator('#cvv').fill('123');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
});

for (const locale of ['en', 'es'] as const) {
  test(`refill payment: Save is disabled on the empty card form, enabled once it is valid [${locale}]`, async ({ page }) => {
    await signIn(page, locale, 'owner-one', { scenario: 'refill/card-no-saved-card' });
    await page.waitForURL(new RegExp(`/${locale}/dashboard`));
    const t = await texts(page, locale);
    await page.goto(`/${locale}/refill/payment`);
    const p = page.locator('[data-page="payment"][data-stage="new"]');
    await expect(p).toBeVisible({ timeout: 20_000 });
    const save = p.getByRole('button', { name: t.refill.payment.save });
    await expect(cardFrame(page, t).locator('#cardNumber')).toBeVisible();
    await expect(save).toBeDisabled();
    // a number alone is not a valid form
    await cardFrame(page, t).locator('#cardNumber').fill('4111111111111111');
    await expect(save).toBeDisabled();
    await cardFrame(page, t).locator('#expirationDate').fill('12/30');
    await cardFrame(page, t).locator('#cvv').fill('123');
    await expect(save).toBeEnabled();
    // and invalid again when a field is emptied
    await cardFrame(page, t).locator('#cvv').fill('');
    await expect(save).toBeDisabled();
    await expectNoAxeViolations(page, `refill payment new card ${locale}`, ['iframe']);
    if (locale === 'es') await expectSpanishOnly(page, await englishReference(page.request), 'refill payment');
  });

  test(`refill payment with a saved card: the saved card first, Edit opens the card entry, Cancel closes it [${locale}]`, async ({ page }) => {
    // owner-states' account with a saved card (the scenario's)
    const account = '8993100000001301';
    await signIn(page, locale, 'owner-states', { scenario: 'refill/card-30-day', account });
    await page.waitForURL(new RegExp(`/${locale}/dashboard`));
    const t = await texts(page, locale);
    const e = t.payments.editPayment;
    await page.goto(`/${locale}/refill/payment?accountId=${Buffer.from(account).toString('base64')}`);
    const p = page.locator('[data-page="payment"]');
    await expect(p).toHaveAttribute('data-stage', 'saved', { timeout: 20_000 });
    await expect(p.getByTestId('saved-card')).toContainText('xxxx-xxxx-xxxx-');
    // the saved card alone: no empty new-card form beside it
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(p.getByRole('button', { name: t.refill.payment.useSaved })).toBeVisible();
    await expectNoAxeViolations(page, `refill payment saved card ${locale}`);
    // Edit, by keyboard: the card entry for a new card
    const edit = p.getByRole('button', { name: e.edit, exact: true });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(p).toHaveAttribute('data-stage', 'editing');
    await expect(p.getByRole('heading', { name: e.newCardHeading })).toBeVisible();
    await expect(cardFrame(page, t).locator('#cardNumber')).toBeVisible();
    await expect(p.getByRole('button', { name: t.refill.payment.useSaved })).toHaveCount(0);
    await expect(p.getByRole('button', { name: t.refill.payment.save })).toBeDisabled();
    // Cancel: back to the saved card
    await p.getByRole('button', { name: e.cancel, exact: true }).click();
    await expect(p).toHaveAttribute('data-stage', 'saved');
    await expect(page.locator('iframe')).toHaveCount(0);
    if (locale === 'es') await expectSpanishOnly(page, await englishReference(page.request), 'refill payment saved card');
  });
}

test('quick refill: Save card is disabled on the empty card form', async ({ page }) => {
  await page.goto('/harness/start/litepay/found-new-card?locale=en');
  await page.waitForURL(/\/en\/litepay\/refill$/);
  const t = await texts(page, 'en');
  const c = t.litepay;
  await page.getByRole('textbox', { name: c.phoneLabel }).pressSequentially('4045550201');
  await page.getByRole('textbox', { name: c.zipLabel }).fill('30309');
  await page.getByTestId('find-next').click();
  await expect(page.getByTestId('step-find')).toHaveAttribute('data-complete', 'true', { timeout: 20_000 });
  const save = page.getByTestId('step-payment').getByRole('button', { name: c.saveCard });
  await expect(cardFrame(page, t).locator('#cardNumber')).toBeVisible();
  await expect(save).toBeDisabled();
  await fillCard(page, t, '4111111111111111');
  const card = cardFrame(page, t);
  for (const [id, value] of [
    ['#firstName', 'Alex'],
    ['#lastName', 'Rivera'],
    ['#address', '12 Chestnut St'],
    ['#city', 'Atlanta'],
    ['#state', 'GA'],
    ['#zipCode', '30316'],
  ] as const)
    await card.locator(id).fill(value);
  await expect(save).toBeEnabled();
});

/** Waits out the BFF's own wait (real time: the page's clock is not the BFF's). */
async function untilUnlocked(page: Page, ms: number) {
  await page.waitForTimeout(ms);
}

for (const locale of ['en', 'es'] as const) {
  test(`a refused card: the message clears with the wait (30 s, then 10 s); the third refusal says why on the dashboard [${locale}]`, async ({ page }) => {
    test.setTimeout(locale === 'en' ? 150_000 : 60_000);
    await page.clock.install();
    await signIn(page, locale, 'owner-one', { scenario: 'payments/failures-back-to-dashboard' });
    await page.waitForURL(new RegExp(`/${locale}/dashboard`));
    const t = await texts(page, locale);
    const e = t.payments.editPayment;
    await page.goto(`/${locale}/refill/payment`);
    const p = page.locator('[data-page="payment"]');
    await expect(p).toHaveAttribute('data-stage', /new|saved/, { timeout: 20_000 });
    if ((await p.getAttribute('data-stage')) === 'saved') await p.getByRole('button', { name: e.edit, exact: true }).click();
    const save = p.getByRole('button', { name: t.refill.payment.save });
    const alert = page.getByTestId('refill-alert');

    // first refusal: the message and the 30-s wait, both gone at 30 s
    const started = Date.now();
    await fillCard(page, t, '4010115600000000');
    await save.click();
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(save).toBeDisabled();
    await page.clock.runFor(28_000);
    await expect(alert).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(alert).toBeHidden();
    await expectNoAxeViolations(page, `refill payment after the wait ${locale}`, ['iframe']);
    if (locale === 'es') return;

    // second refusal (once the BFF's own 30 s are over): the message clears after 10 s
    await untilUnlocked(page, Math.max(0, 31_000 - (Date.now() - started)));
    const second = Date.now();
    await fillCard(page, t, '4010115000000006');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await page.clock.runFor(8_000);
    await expect(alert).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(alert).toBeHidden();

    // third refusal: back to the dashboard, which says why
    await untilUnlocked(page, Math.max(0, 11_000 - (Date.now() - second)));
    await fillCard(page, t, '4010837300000002');
    await expect(save).toBeEnabled();
    await save.click();
    await page.waitForURL(new RegExp(`/${locale}/dashboard(\\?|$)`), { timeout: 20_000 });
    await expect(page.getByTestId('dashboard-notice')).toHaveText(e.backToDashboard);
    await expectNoAxeViolations(page, `dashboard after three refusals ${locale}`);
  });
}
