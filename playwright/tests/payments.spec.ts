import { expect, test, type Page } from '@playwright/test';
import type { AccountDashboardContent } from '../../web/src/content/accountDashboard';
import { expectNoAxeViolations } from '../lib/axe';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { signIn } from '../lib/signin';

/**
 * The payment pages in the browser (issue 12; seed 001 §2, §4 "Auto-refill", "Payment
 * instrument"; seed 002 §2.9): one journey per outcome class, each in a run of its own (a
 * harness scenario start), with axe on each state. Every scenario's own outcome is asserted
 * over HTTP (bff/tests/it/payments.rs) and every state in stories.
 */

/** The payment pages' texts of the `account-dashboard` bundle. */
type Payments = AccountDashboardContent['payments'];

async function paymentsContent(page: Page, locale: string): Promise<Payments> {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const res = await page.request.get(`${prefix}/my.prepaid/account-dashboard`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { payments: Payments }).payments;
}

async function settled(page: Page, id: string) {
  const p = page.locator(`[data-page="${id}"]`);
  await expect(p).toBeVisible({ timeout: 20_000 });
  await expect(p).not.toHaveAttribute('data-stage', 'loading');
  return p;
}

test('add a card with the card-entry stand-in, replace it with another, then remove it', async ({ page }) => {
  await signIn(page, 'en', 'owner-one', { scenario: 'payments/add-card' });
  await page.waitForURL(/\/en\/dashboard/);
  const c = await paymentsContent(page, 'en');
  await page.goto('/en/dashboard/edit-payment');
  const p = await settled(page, 'edit-payment');
  await expect(p).toHaveAttribute('data-stage', 'new');
  // the card-entry frame is the provider's component (here its stand-in), not this page's
  await expectNoAxeViolations(page, 'edit-payment new', ['iframe']);
  const card = page.locator(`iframe[title="${c.editPayment.cardEntryTitle}"]`).contentFrame();
  await card.locator('#cardNumber').fill('4111111111111111');
  await card.locator('#expirationDate').fill('12/30');
  await card.locator('#cvv').fill('123');
  const save = p.getByRole('button', { name: c.editPayment.save });
  await expect(save).toBeEnabled();
  const answered = page.waitForResponse((r) => r.url().includes('/payment-instrument'));
  await save.click();
  expect((await answered).status()).toBe(200);
  await expect(p.getByText(c.editPayment.saved)).toBeVisible();
  await expect(p.getByTestId('saved-card')).toContainText('xxxx-xxxx-xxxx-1111');
  await expectNoAxeViolations(page, 'edit-payment saved');
  // update: Edit opens the card entry again; the new card replaces the saved one
  await p.getByRole('button', { name: c.editPayment.edit }).click();
  await expect(p).toHaveAttribute('data-stage', 'editing');
  await expect(p.getByRole('heading', { name: c.editPayment.newCardHeading })).toBeVisible();
  await card.locator('#cardNumber').fill('5555555555554444');
  await card.locator('#expirationDate').fill('11/31');
  await card.locator('#cvv').fill('321');
  const updated = page.waitForResponse((r) => r.url().includes('/payment-instrument'));
  await p.getByRole('button', { name: c.editPayment.save }).click();
  expect((await updated).status()).toBe(200);
  await expect(p.getByTestId('saved-card')).toContainText('xxxx-xxxx-xxxx-4444');
  await expect(p).toHaveAttribute('data-stage', 'saved');
  await p.getByRole('button', { name: c.editPayment.remove }).click();
  await expect(p.getByText(c.editPayment.removed)).toBeVisible();
  await expect(p).toHaveAttribute('data-stage', 'new');
  await expectNoAxeViolations(page, 'edit-payment removed', ['iframe']);
});

test('enrol in auto-refill, then cancel it, by keyboard', async ({ page }) => {
  await signIn(page, 'en', 'owner-states', { scenario: 'payments/enrol', account: '8993100000001301' });
  await page.waitForURL(/\/en\/dashboard/);
  const c = await paymentsContent(page, 'en');
  await page.goto('/en/dashboard/auto-refill');
  const p = await settled(page, 'auto-refill');
  await expect(p).toHaveAttribute('data-stage', 'offered');
  await expectNoAxeViolations(page, 'auto-refill offered');
  const enrol = p.getByRole('button', { name: c.autoRefill.enrol });
  await expect(enrol).toBeDisabled();
  await p.getByRole('checkbox', { name: c.autoRefill.terms }).focus();
  await page.keyboard.press('Space');
  await expect(enrol).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(enrol).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(p.getByText(c.autoRefill.enrolled)).toBeVisible();
  await expect(p).toHaveAttribute('data-stage', 'enrolled');
  await expectNoAxeViolations(page, 'auto-refill enrolled');
  await p.getByRole('button', { name: c.autoRefill.cancel }).focus();
  await page.keyboard.press('Enter');
  await expect(p.getByText('Successfuly disabled auto-refill')).toBeVisible();
  await expect(p).toHaveAttribute('data-stage', 'offered');
  await expectNoAxeViolations(page, 'auto-refill cancelled');
});

test('es: browse the payment history pages', async ({ page }) => {
  await signIn(page, 'es', 'payment-history', { scenario: 'payments/history-many', account: '8993100000001405' });
  await page.waitForURL(/\/es\/dashboard/);
  const c = await paymentsContent(page, 'es');
  await page.goto('/es/dashboard/payment-history');
  const p = await settled(page, 'payment-history');
  await expect(p.getByTestId('history-item')).toHaveCount(12);
  const nav = p.getByRole('navigation', { name: c.history.paginationLabel });
  await expect(nav).toContainText('…');
  await expectNoAxeViolations(page, 'payment-history page 1');
  await expectSpanishOnly(page, await englishReference(page.request), 'payment history');
  await nav.getByRole('button', { name: c.history.page.replace('{n}', '9') }).click();
  await expect(nav.getByRole('button', { name: c.history.page.replace('{n}', '9') })).toHaveAttribute('aria-current', 'page');
  await expect(p.getByTestId('history-item')).toHaveCount(4);
  await nav.getByRole('button', { name: c.history.previous }).click();
  await expect(nav.getByRole('button', { name: c.history.page.replace('{n}', '8') })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page, 'payment-history page 8');
});
