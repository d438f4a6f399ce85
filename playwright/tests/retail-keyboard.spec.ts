import { expect, test } from '@playwright/test';
import { merchantContent, text } from '../lib/content';
import { tabTo } from '../lib/keyboard';
import { scenario } from '../lib/scenarios';

const happy = scenario('retail/assign-success');

test('the happy path is completed by keyboard alone', async ({ page, request }) => {
  const content = await merchantContent(request, 'en');
  await page.goto(`/harness/start/${happy.id}?locale=en`);
  await expect(page.locator('[data-stage="addressCheck"]')).toBeVisible();

  // Street by suggestion: type, wait for the list, arrow down, Enter picks and fills unit/zip.
  const street = page.getByRole('combobox', { name: text(content, 'addressCheck.streetLabel') });
  await tabTo(page, street);
  await page.keyboard.type(happy.input.street, { delay: 20 });
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(page.getByLabel(text(content, 'addressCheck.zipLabel'))).toHaveValue(happy.input.zip);

  await tabTo(page, page.getByRole('button', { name: text(content, 'addressCheck.submit') }));
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-stage="serviceable"]')).toBeVisible();

  await tabTo(page, page.getByLabel(text(content, 'serviceable.deviceCodeLabel')));
  await page.keyboard.type(happy.input.deviceCode!);
  await tabTo(page, page.getByLabel(text(content, 'serviceable.phoneLabel')));
  await page.keyboard.type(happy.input.phone!);
  await tabTo(page, page.getByRole('button', { name: text(content, 'serviceable.submit') }));
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-stage="readytobuy"]')).toBeVisible();
});
