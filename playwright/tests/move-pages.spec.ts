import { expect, test, type Page } from '@playwright/test';
import type { AccountDashboardContent } from '../../web/src/content/accountDashboard';
import type { MerchantFlow } from '../../web/src/content/hooks';
import AxeBuilder from '@axe-core/playwright';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { signIn } from '../lib/signin';

/**
 * The move's pages (seed 002 §2.8, §5): its refill pages need a move date, as the
 * refill-required page does; the address page is the move's, not the retail starter kit's;
 * with the street's suggestions open, what is hidden from screen readers cannot take the focus.
 */

/** The retail world's serviceable address (move.spec.ts). */
const STREET = '845 Spring St NW';
const ZIP = '30308';

async function texts(page: Page, locale: string) {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const body = (await (await page.request.get(`${prefix}/my.prepaid/account-dashboard`)).json()) as AccountDashboardContent;
  const mf = (await (await page.request.get(`${prefix}/my.prepaid/merchant-flow`)).json()) as MerchantFlow;
  return { moving: body.moving, refill: body.refill, payments: body.payments, address: mf.addressCheck };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
});

for (const locale of ['en', 'es'] as const) {
  test(`the move's refill pages without a move date go to the schedule page [${locale}]`, async ({ page }) => {
    await signIn(page, locale, 'owner-one', { scenario: 'signin/owner-one' });
    await page.waitForURL(new RegExp(`/${locale}/dashboard`));
    const { moving: c, address } = await texts(page, locale);
    // a move under way: the new address checked, no date chosen yet
    await page.goto(`/${locale}/move`);
    await page.getByRole('combobox', { name: address.streetLabel }).fill(STREET);
    await expect(page.getByRole('option', { name: new RegExp(STREET) })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: address.zipLabel }).fill(ZIP);
    await page.getByRole('button', { name: address.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.addressConfirmation.title })).toBeVisible({ timeout: 20_000 });
    for (const id of ['refill-required', 'refill-payment', 'refill-review']) {
      await page.goto(`/${locale}/move/${id}`);
      await page.waitForURL((url) => url.pathname === `/${locale}/move/schedule`, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1, name: c.schedule.title })).toBeVisible();
    }
  });

  test(`the move's address page: no starter-kit prompt; the open suggestions leave nothing hidden yet focusable [${locale}]`, async ({ page }) => {
    await signIn(page, locale, 'owner-one', { scenario: 'signin/owner-one' });
    await page.waitForURL(new RegExp(`/${locale}/dashboard`));
    const { address } = await texts(page, locale);
    await page.goto(`/${locale}/move`);
    await expect(page.getByRole('heading', { level: 1, name: address.moveHeading })).toBeVisible({ timeout: 20_000 });
    // the street's suggestions open: what is hidden from screen readers is out of the tab order too
    await page.getByRole('combobox', { name: address.streetLabel }).fill(STREET);
    await expect(page.getByRole('option', { name: new RegExp(STREET) })).toBeVisible({ timeout: 20_000 });
    const axe = await new AxeBuilder({ page }).withRules(['aria-hidden-focus']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    const hiddenFocusable = await page.evaluate(() =>
      [...document.querySelectorAll('[aria-hidden="true"] a[href], [aria-hidden="true"] button:not([disabled]), [aria-hidden="true"] input:not([disabled])')].filter(
        (el) => !el.closest('[inert]'),
      ).length,
    );
    expect(hiddenFocusable).toBe(0);
    // closed again: the page is whole, the shell's links reachable
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.locator('[inert]')).toHaveCount(0);
    await expect(page.locator('a.shell-logo')).not.toHaveAttribute('aria-hidden', 'true');
    if (locale === 'es') await expectSpanishOnly(page, await englishReference(page.request), 'move address');
    // the help line is the move's: the chat link, without the retail starter kit's prompt
    const help = page.locator('[data-stage="addressCheck"] .stage__help');
    await expect(help.getByRole('link', { name: address.chatLink.label })).toBeVisible();
    await expect(page.getByText(address.chatPrompt)).toHaveCount(0);
  });
}

test('the move refill payment: Save is disabled on the empty card form, enabled once it is valid', async ({ page }) => {
  test.setTimeout(60_000);
  // owner-states' expired account without a saved card: a move today needs a refill
  await signIn(page, 'en', 'owner-states', { scenario: 'move/today-expired-refill', account: '8993100000001302' });
  await page.waitForURL(/\/en\/dashboard/);
  const { moving: c, refill: r, payments, address } = await texts(page, 'en');
  await page.goto('/en/move');
  await page.getByRole('combobox', { name: address.streetLabel }).fill(STREET);
  await expect(page.getByRole('option', { name: new RegExp(STREET) })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: address.zipLabel }).fill(ZIP);
  await page.getByRole('button', { name: address.submit }).click();
  await page.getByRole('link', { name: c.addressConfirmation.moveToday }).click();
  await page.getByRole('button', { name: c.scheduleNow.continueLabel }).click();
  await page.waitForURL(/\/en\/move\/refill-required$/);
  const required = page.locator('[data-page="refill-required"]');
  await expect(required.getByTestId('refill-cart')).toBeVisible({ timeout: 20_000 });
  // the 7-day plan (the 30-day one would offer the winback first)
  const seven = required.getByRole('radio', { name: /7/ });
  await required.locator('label.refill-option').filter({ has: page.getByRole('radio', { name: /7/ }) }).click();
  await expect(seven).toBeChecked();
  await required.getByRole('button', { name: r.customize.next }).click();
  await page.waitForURL(/\/en\/move\/refill-payment$/);
  const save = page.locator('[data-page="payment"]').getByRole('button', { name: r.payment.save });
  const card = page.locator(`iframe[title="${payments.editPayment.cardEntryTitle}"]`).contentFrame();
  await expect(card.locator('#cardNumber')).toBeVisible({ timeout: 20_000 });
  await expect(save).toBeDisabled();
  await card.locator('#cardNumber').fill('4111111111111111');
  await card.locator('#expirationDate').fill('12/30');
  await card.locator('#cvv').fill('123');
  await expect(save).toBeEnabled();
});
