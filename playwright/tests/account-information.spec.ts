import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { signIn } from '../lib/signin';

// Account information (seed 001 §2 "Account info card", "Communication preferences", the
// shell's sync-up modal): one journey per outcome class, each in a scenario of its own (a new
// simulator run: the preferences it saves are its own). Every scenario's outcome is proven
// over HTTP in bff/tests/it/account_information.rs; the card's states in Vitest and stories.

type PrefsTexts = {
  accountInformation: {
    title: string;
    card: { heading: string };
    preferences: { edit: string; spanish: string; smsLabel: string; update: string; savedTitle: string; close: string; smsOn: string };
  };
};

test('es: change the preferences by keyboard; Update only on change; success modal; axe-clean', async ({ page }) => {
  await signIn(page, 'es', 'owner-one', { scenario: 'account-information/update-success' });
  await page.waitForURL(/\/es\/dashboard/);
  const bundle = (await (await page.request.get('/-/api/es/my.prepaid/account-dashboard')).json()) as PrefsTexts;
  const c = bundle.accountInformation;
  await page.goto('/es/dashboard/account-information');
  await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  await expect(page.getByTestId('account-mobile')).toHaveText(/\d{3}-\d{3}-\d{4}/);
  await expectNoAxeViolations(page, 'account information (es)');
  const english = await englishReference(page.request);
  await expectSpanishOnly(page, english, 'account information');

  const edit = page.getByRole('button', { name: c.preferences.edit });
  await edit.focus();
  await page.keyboard.press('Enter');
  const update = page.getByRole('button', { name: c.preferences.update });
  await expect(update).toBeDisabled();
  // radio group: arrow keys move the choice to Spanish
  await page.getByRole('radio', { checked: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: c.preferences.spanish })).toBeChecked();
  await page.getByRole('switch', { name: c.preferences.smsLabel }).focus();
  await page.keyboard.press('Space');
  await expect(update).toBeEnabled();
  await expectNoAxeViolations(page, 'preferences form (es)');
  await update.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('preferences-saved');
  await expect(modal).toContainText(c.preferences.savedTitle);
  await expectNoAxeViolations(page, 'preferences saved (es)');
  await expectSpanishOnly(page, english, 'preferences saved');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('preferences-card')).toContainText(c.preferences.smsOn);
  // saved upstream in this run: a reload reads it back
  await page.reload();
  await expect(page.getByTestId('preferences-card')).toContainText(c.preferences.smsOn);
});

test('en: the sync-up modal opens once for a sync-* identity, after the welcome tour, and submits; axe-clean', async ({ page }) => {
  const all = await signIn(page, 'en', 'sync-email-na-phone-false', { scenario: 'account-information/sync-up-submitted' });
  await page.waitForURL(/\/en\/dashboard/);
  // a first visit in this browser: the welcome tour, drawn with the page, goes first; on a busy
  // machine the shell can ask before the dashboard's data came, and then the sync-up modal goes
  // first while the tour waits (never both at once)
  const tour = page.getByTestId('welcome-tour');
  const modal = page.getByTestId('sync-up-modal');
  await expect.poll(async () => (await tour.isVisible()) || (await modal.isVisible())).toBe(true);
  if (await tour.isVisible()) {
    await expect(modal).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(tour).toBeHidden();
  }
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(all.syncUp.signInIdLabel);
  await expect(modal.getByRole('checkbox', { name: all.syncUp.smsOptIn })).not.toBeChecked();
  await expect(modal.getByRole('radio', { name: all.syncUp.english })).toBeChecked();
  await expectNoAxeViolations(page, 'sync-up modal');
  await modal.getByRole('radio', { name: all.syncUp.english }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(modal.getByRole('radio', { name: all.syncUp.spanish })).toBeChecked();
  await modal.getByRole('button', { name: all.syncUp.submit }).click();
  await expect(modal).toBeHidden();
  // once per session: not again after a reload
  await page.reload();
  await expect(page.locator('[data-page="dashboard"]').first()).toBeVisible();
  await expect(page.getByTestId('sync-up-modal')).toHaveCount(0);
});
