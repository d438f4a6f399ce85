import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolationsOnce } from './axe';
import { text, type Content } from './content';
import type { Scenario } from './scenarios';
import type { BuyInput } from '../../web/src/testing/scenarioFiles';

export type { BuyInput };

export type BuyScenario = Scenario<BuyInput>;

/**
 * Ticks a checkbox or radio as a keyboard user does (focus, Space): the accessible native input
 * of react-aria controls is visually hidden under its styled label.
 */
export async function choose(control: Locator): Promise<void> {
  if (await control.isChecked()) return;
  await control.focus();
  await control.press('Space');
  await expect(control).toBeChecked();
}

const onPage = (page: Page, id: string) => page.locator(`[data-page="${id}"]`);
const AWAY = ['direct-promo', 'internet', 'customer-info', 'order-details', 'order-review', 'order-confirmation', 'error', '404'];

/** Any of the flow's settled pages except `leaving`. */
const pagesOtherThan = (page: Page, leaving?: string) =>
  page.locator(AWAY.filter((id) => id !== leaving).map((id) => `[data-page="${id}"]`).join(', '));

/**
 * Waits until the flow settles on one of its pages (not the loading ones) other than `leaving`,
 * the page the customer just left (it stays visible until the navigation lands), and returns
 * its id.
 */
async function settled(page: Page, leaving?: string): Promise<string> {
  const any = pagesOtherThan(page, leaving).first();
  await expect(any).toBeVisible({ timeout: 20_000 });
  return (await any.getAttribute('data-page')) ?? '';
}

/**
 * Walks the buy flow as a customer: entry, promo choice, the identity router, customer info,
 * the card-entry component in its iframe, review and purchase. axe runs on every page reached
 * (once per worker and locale for pages that many scenarios share), then `onState` when given.
 */
export async function walkBuy(
  page: Page,
  s: BuyScenario,
  c: Content,
  locale: string,
  onState?: (state: string) => Promise<void>,
): Promise<void> {
  const input = s.input;
  const axe = async (id: string) => {
    await expectNoAxeViolationsOnce(page, `buy ${id} [${locale}]`);
    await onState?.(id);
  };
  let at = await settled(page);
  const left = at;
  if (at !== 'direct-promo' && at !== 'internet') return;
  // Next is enabled once product details are in; a failed call leaves for the error page
  const nextName = text(c, at === 'direct-promo' ? 'directPromo.next' : 'internet.next');
  const next = onPage(page, at).getByRole('button', { name: nextName, disabled: false }).first();
  const elsewhere = pagesOtherThan(page, at);
  await expect(next.or(elsewhere).first()).toBeVisible({ timeout: 20_000 });
  if (!(await next.isVisible())) return;
  await axe(at);
  await next.click();
  if (at === 'internet') {
    // Next opens the promo modal when a promotion is offered and not in the cart, else leaves
    const modal = page.getByRole('dialog');
    const opened = await Promise.race([
      modal.waitFor({ timeout: 20_000 }).then(() => true),
      page.waitForURL((url) => !url.pathname.endsWith('/buy/internet'), { timeout: 20_000 }).then(() => false),
    ]);
    if (opened) {
      await axe('promo modal');
      const choice = input.acceptPromo ? 'internet.promoModal.accept' : 'internet.promoModal.close';
      await modal.getByRole('button', { name: text(c, choice) }).click();
    }
  }

  // The identity router (external page, simulated): pick the scenario's identity.
  const router = page.locator('form[action="router"]');
  const back = await Promise.race([
    router.waitFor({ timeout: 20_000 }).then(() => 'router'),
    settled(page, left),
  ]);
  if (back !== 'router') return;
  await page.locator(`input[name="identity"][value="${input.identity}"]`).check();
  await router.getByRole('button').click();

  at = await settled(page);
  if (at === 'customer-info') {
    await axe(at);
    const form = onPage(page, at);
    const fill = async (key: string, value?: string) => {
      if (value === undefined) return;
      const field = form.getByLabel(text(c, key), { exact: true });
      if (await field.isEditable()) await field.fill(value);
    };
    await fill('customerInfo.firstNameLabel', input.customer?.firstName);
    await fill('customerInfo.lastNameLabel', input.customer?.lastName);
    await fill('customerInfo.emailLabel', input.customer?.email);
    await fill('customerInfo.confirmEmailLabel', input.customer?.email);
    await fill('customerInfo.phoneLabel', input.customer?.phone);
    await form.getByRole('button', { name: text(c, 'customerInfo.next') }).click();
    at = await settled(page, at);
  }
  if (at !== 'order-details') return;
  await axe(at);

  const details = onPage(page, at);
  const frame = page.locator(`iframe[title="${text(c, 'payment.cardFrameTitle')}"]`);
  // without a payment id the card form never loads: the page shows the payment alert instead
  await expect(frame.or(details.getByTestId('payment-alert')).first()).toBeVisible({ timeout: 20_000 });
  if (!(await frame.isVisible())) return;
  const card = frame.contentFrame();
  // the card form reloads empty after each payment error's reset, so every attempt fills it
  const fillCard = async () => {
    await card.locator('#cardNumber').fill(input.card);
    await card.locator('#expirationDate').fill(input.expiry);
    await card.locator('#cvv').fill(input.cvv);
    if (input.billingZip) await card.locator('#zipCode').fill(input.billingZip);
  };
  if (input.autoRefill) {
    const autoRefill = details.getByLabel(text(c, 'payment.autoRefillLabel'));
    const terms = details.getByRole('checkbox').first();
    if (!(await autoRefill.isEnabled())) await choose(terms);
    await expect(autoRefill).toBeEnabled();
    await choose(autoRefill);
  }
  const pay = details.getByRole('button', { name: text(c, 'payment.next') });
  for (let attempt = 1; attempt <= (input.attempts ?? 1); attempt++) {
    // filled again when the page does not take it: the card form reloads in the page's language,
    // and after a language switch it can reload once more after the walk's first fill (the
    // language-switch walk under load, a fresh run of the test command)
    await expect(async () => {
      await fillCard();
      await expect(pay).toBeEnabled({ timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
    const answered = page.waitForResponse((r) => r.url().includes('add-secure-prepaid-payment-instrument'));
    await pay.click();
    await answered;
    // the last of several failures leaves the flow (marketing site): the spec checks where
    if (input.attempts && attempt === input.attempts) return;
    // a failure shows the payment alert and stays; anything else leaves the page
    const alert = details.getByTestId('payment-alert');
    await expect(alert.or(pagesOtherThan(page, 'order-details')).first()).toBeVisible({ timeout: 20_000 });
    at = (await alert.isVisible()) ? 'order-details' : await settled(page, 'order-details');
    if (at !== 'order-details') break;
    // The payment form locks for 30 s after a failure (10 s from the second): skip the wait.
    if (attempt < (input.attempts ?? 1)) await page.clock.fastForward(31_000);
  }
  if (at !== 'order-review' || input.submit === false) return;

  await axe(at);
  const review = onPage(page, at);
  if (input.smsOptIn) await choose(review.getByRole('checkbox', { name: text(c, 'review.smsOptIn') }));
  const language = input.language === 'SPANISH' ? 'review.languageSpanish' : 'review.languageEnglish';
  await choose(review.getByRole('radio', { name: text(c, language) }));
  await choose(review.getByRole('checkbox', { name: text(c, 'review.consent') }));
  const submitted = page.waitForResponse((r) => r.url().includes('prepaid-customer-activation'));
  await review.getByRole('button', { name: text(c, 'review.completePurchase') }).click();
  await submitted;
}
