import { expect, test, type Page } from '@playwright/test';

// The account area's shell and its session-timeout modal, as their stories draw them on
// recorded content: usable with the keyboard alone, and the timeout on the clock (each story
// is axe-clean: the smoke run, storybook.spec.ts, checks every story). Walks through the real
// provider and BFF are in signin.spec.ts.

async function story(page: Page, id: string, ready: string) {
  await page.goto(`/iframe.html?id=${id}&viewMode=story`);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
}

test('the navigation flyouts and the mobile menu work with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await story(page, 'account-shell--active-en', '[data-testid="greeting"]:has-text("Alex")');
  const toggle = page.getByRole('button', { name: 'My Account' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const info = page.getByRole('link', { name: 'Account information' });
  await expect(info).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Internet details' })).toBeFocused();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(info).toBeHidden();

  await page.setViewportSize({ width: 375, height: 740 });
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(page.getByRole('navigation', { name: 'Account navigation' })).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Account navigation' })).toBeVisible();
});

test('the session-timeout modal keeps focus inside and Keep session active closes it', async ({ page }) => {
  await story(page, 'account-shell--session-timeout-es', '[data-testid="session-timeout"]');
  const keep = page.getByRole('button', { name: 'Mantener la sesión activa' });
  await expect(keep).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  const inside = await page.evaluate(() => !!document.activeElement?.closest('[data-testid="session-timeout"]'));
  expect(inside).toBe(true);
  await keep.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session-timeout')).toBeHidden();
});

test('on the clock: the modal opens 750 s after the last call, and 2:00 later the session ends as expired', async ({ page }) => {
  await page.clock.install();
  await story(page, 'account-shell--active-en', '[data-testid="greeting"]:has-text("Alex")');
  // the profile call just answered: the last action is now
  await page.clock.runFor(745_000);
  await expect(page.getByTestId('session-timeout')).toBeHidden();
  await page.clock.runFor(10_000);
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(dialog.getByTestId('countdown')).toHaveText(/^(1:0\d|0:5\d)$/);
  const signOut = page.waitForRequest((r) => r.url().endsWith('/secure2/logout') && r.method() === 'POST');
  await page.clock.runFor(61_000);
  expect((await signOut).postDataJSON()).toEqual({ locale: 'en', expired: true });
});
