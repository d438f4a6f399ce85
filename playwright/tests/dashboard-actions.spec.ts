import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { tabTo } from '../lib/keyboard';
import { signIn } from '../lib/signin';
import type { DashboardContent } from '../../web/src/flows/dashboard/content';

// The dashboard's actions end to end (seed 001 §2 "Page shell", "Dashboard", §4 "Scheduled
// move", "Reset router"): cancelling owner-states' scheduled move by keyboard (a scenario
// start, so the cancel is this run's own), and the reset-router modal in Spanish. Every other
// outcome is proven faster: BFF integration tests (cutoff, double submit, failures) and Vitest.

const MOVING = '8993100000001304';

// the welcome tour (once per browser) is not what these tests are about
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
});

async function dashboardContent(request: APIRequestContext, locale: string): Promise<DashboardContent> {
  const res = await request.get(`${locale === 'es' ? '/-/api/es' : '/-/api'}/my.prepaid/account-dashboard`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as DashboardContent;
}

test('owner-states cancels its scheduled move by keyboard: the banner once, then no move', async ({ page }) => {
  await signIn(page, 'en', 'owner-states', { scenario: 'dashboard/cancel-move', account: MOVING });
  await page.waitForURL(/\/en\/dashboard(\?|$)/);
  const d = await dashboardContent(page.request, 'en');
  await page.goto('/en/dashboard/notifications');
  const cancel = page.getByRole('button', { name: d.notifications.cancel });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: d.notifications.cancelModal.title });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'cancel-move confirmation');
  await tabTo(page, dialog.getByRole('button', { name: d.notifications.cancelModal.confirm }), 5);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/en\/dashboard(\?|$)/);
  await expect(page.getByTestId('move-cancelled')).toHaveText(d.moveCancelled);
  await expectNoAxeViolations(page, 'dashboard after the cancel');
  await page.reload();
  await expect(page.locator('[data-page="dashboard"][data-stage="show"]')).toBeVisible();
  await expect(page.getByTestId('move-cancelled')).toHaveCount(0);
  await page.goto('/en/dashboard/notifications');
  await page.waitForURL(/\/en\/dashboard(\?|$)/);
});

test('the reset-router modal in Spanish: intro, then restarted', async ({ page }) => {
  await signIn(page, 'es', 'owner-one', { scenario: 'dashboard/restart-restarted' });
  await page.waitForURL(/\/es\/dashboard(\?|$)/);
  const d = await dashboardContent(page.request, 'es');
  const label = d.helpfulLinks.links.find((l) => l.id === 'reset-router')!.label;
  await page.getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog', { name: d.resetRouter.title });
  await expect(dialog).toContainText(d.resetRouter.intro);
  await dialog.getByRole('button', { name: d.resetRouter.restart }).click();
  await expect(page.getByRole('dialog', { name: d.resetRouter.restartedTitle })).toContainText(d.resetRouter.restartedBody);
  await expectNoAxeViolations(page, 'reset-router restarted (es)');
  await page.getByRole('button', { name: d.resetRouter.close, exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
