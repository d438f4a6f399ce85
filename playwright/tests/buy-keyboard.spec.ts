import { expect, test } from '@playwright/test';
import { text, type Content } from '../lib/content';
import { tabTo } from '../lib/keyboard';
import { scenario } from '../lib/scenarios';
import type { BuyInput } from '../lib/buy';

const happy = scenario<BuyInput>('buy/happy-paid-shipping');

// Tab order runs through the header, the page and into the card-entry iframe.
const TABS = 60;

test('a kit is bought by keyboard alone, card entry and identity router included', async ({ page, request }) => {
  test.setTimeout(90_000);
  const input = happy.input;
  const c = (await (await request.get('/-/api/my.prepaid/buyflow')).json()) as Content;
  const press = async (target: import('@playwright/test').Locator, key: 'Enter' | 'Space') => {
    await tabTo(page, target, TABS);
    await page.keyboard.press(key);
  };
  const type = async (target: import('@playwright/test').Locator, value: string) => {
    await tabTo(page, target, TABS);
    await page.keyboard.type(value);
  };

  await page.goto(`/harness/start/${happy.id}?locale=en`);
  const internet = page.locator('[data-page="internet"]');
  await expect(internet).toBeVisible();
  const next = internet.getByRole('button', { name: text(c, 'internet.next') }).first();
  await expect(next).toBeEnabled(); // once the price is known
  await press(next, 'Enter');
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await press(modal.getByRole('button', { name: text(c, 'internet.promoModal.close') }), 'Enter');

  // the simulated identity router: a radio group and a submit button
  const router = page.locator('form[action="router"]');
  await expect(router).toBeVisible();
  await press(router.locator(`input[name="identity"][value="${input.identity}"]`), 'Space');
  await expect(router.locator(`input[name="identity"][value="${input.identity}"]`)).toBeChecked();
  await press(router.getByRole('button'), 'Enter');

  const info = page.locator('[data-page="customer-info"]');
  await expect(info).toBeVisible();
  const field = (key: string) => info.getByLabel(text(c, key), { exact: true });
  await type(field('customerInfo.firstNameLabel'), input.customer!.firstName!);
  await type(field('customerInfo.lastNameLabel'), input.customer!.lastName!);
  await type(field('customerInfo.emailLabel'), input.customer!.email!);
  await type(field('customerInfo.confirmEmailLabel'), input.customer!.email!);
  await type(field('customerInfo.phoneLabel'), input.customer!.phone!);
  await press(info.getByRole('button', { name: text(c, 'customerInfo.next') }), 'Enter');

  const details = page.locator('[data-page="order-details"]');
  await expect(details).toBeVisible();
  const card = page.frameLocator(`iframe[title="${text(c, 'payment.cardFrameTitle')}"]`);
  await type(card.locator('#cardNumber'), input.card);
  await type(card.locator('#expirationDate'), input.expiry);
  await type(card.locator('#cvv'), input.cvv);
  const pay = details.getByRole('button', { name: text(c, 'payment.next') });
  await expect(pay).toBeEnabled({ timeout: 20_000 });
  await press(pay, 'Enter');

  const review = page.locator('[data-page="order-review"]');
  await expect(review).toBeVisible({ timeout: 20_000 });
  await press(review.getByRole('checkbox', { name: text(c, 'review.consent') }), 'Space');
  await press(review.getByRole('button', { name: text(c, 'review.completePurchase') }), 'Enter');
  await expect(page.locator('[data-page="order-confirmation"]')).toBeVisible({ timeout: 20_000 });
});
