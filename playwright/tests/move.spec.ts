import { expect, test, type Page } from '@playwright/test';
import type { AccountDashboardContent } from '../../web/src/content/accountDashboard';
import type { MerchantFlow } from '../../web/src/content/hooks';
import { catalogued, type Catalogue } from '../../web/src/testing/scenarioFiles';
import { expectNoAxeViolations } from '../lib/axe';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { tabTo } from '../lib/keyboard';
import { scenario } from '../lib/scenarios';
import { signIn } from '../lib/signin';

/**
 * The move pages in the browser (issue 13 "Move"; seed 002 §2.8, §4.4): a scheduled move that
 * needs a refill, from the dashboard's Move link through the 30-day refill (the saved card, or
 * one saved in the card entry) to the schedule confirmation and its cancel (English); a move
 * today without a refill in Spanish with the Spanish-only check. Axe on the final states. Each
 * test starts a run of its own (`signin/owner-one`: the default world); the move scenarios
 * (`scenarios/move/`) are asserted over HTTP (bff/tests/it/move.rs), the pages' rules in Vitest
 * (Move.test.tsx) and every state in stories.
 * Then three walks driven by move scenarios (their identity, account and input from the YAML,
 * each started as its own run): an expired service moving today with its required 7-day refill
 * and a new card (`move/today-expired-refill`, Spanish); a move 8 days ahead with the 7-day
 * refill by keyboard alone with axe on every state (`move/later-refill-7`); a date too far
 * refused with its catalogue message (`move/date-too-far`, the failure class of a catalogue
 * message on the page).
 */

/** owner-one's account in the default world: 20 days left; the retail world's serviceable address. */
const OWNER_ONE = '8993100000000101';
const STREET = '845 Spring St NW';
const ZIP = '30308';

async function texts(page: Page, locale: string) {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const res = await page.request.get(`${prefix}/my.prepaid/account-dashboard`);
  expect(res.ok()).toBe(true);
  const mf = await page.request.get(`${prefix}/my.prepaid/merchant-flow`);
  const body = (await res.json()) as AccountDashboardContent;
  return { moving: body.moving, refill: body.refill, payments: body.payments, address: ((await mf.json()) as MerchantFlow).addressCheck };
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

/**
 * Closes the street's suggestions once they came: they arrive after a 300 ms pause, and a list
 * opening after an early Escape hid the rest of the form from the accessibility tree (seen
 * under load). Every walk here types the retail world's address, which has its suggestion.
 */
async function closeSuggestions(page: Page, street: string) {
  await expect(page.getByRole('option', { name: new RegExp(street) })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function enterAddress(page: Page, address: MerchantFlow['addressCheck'], street: string, zip: string) {
  await page.getByRole('combobox', { name: address.streetLabel }).fill(street);
  await closeSuggestions(page, street);
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
  await expect(page.getByRole('heading', { level: 1, name: c.addressConfirmation.title })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: c.addressConfirmation.moveLater }).click();
  await page.getByLabel(c.schedule.dateLabel).fill(await moveDate(page, OWNER_ONE, 35));
  await page.getByRole('button', { name: c.schedule.continueLabel }).click();
  await page.waitForURL(/\/en\/move\/refill-required$/);
  await expect(page.getByTestId('progress')).toHaveAttribute('data-percent', '33');
  // the gap is over 7 days: no 7-day plan (seed 002 §9)
  await expect(page.getByTestId('refill-cart')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('radio')).toHaveCount(1);
  await page.getByRole('button', { name: r.customize.next }).click();
  await page.waitForURL(/\/en\/move\/refill-(review|payment)$/);
  await expect(page.getByTestId('progress')).toHaveAttribute('data-percent', '66');
  if (page.url().endsWith('/refill-payment')) {
    // no saved card: the card entry (its stand-in) saves one, then the review (no reload)
    await expect(page.getByRole('heading', { level: 1, name: c.refillPaymentTitle as unknown as string })).toBeVisible();
    const card = page.locator(`iframe[title="${payments.editPayment.cardEntryTitle}"]`).contentFrame();
    await card.locator('#cardNumber').fill('4111111111111111');
    await card.locator('#expirationDate').fill('12/30');
    await card.locator('#cvv').fill('123');
    await page.getByRole('button', { name: r.payment.save }).click();
    await page.waitForURL(/\/en\/move\/refill-review$/, { timeout: 20_000 });
  }
  const review = page.locator('[data-page="review"]');
  await expect(review.getByTestId('saved-card')).toContainText('xxxx-xxxx-xxxx-');
  await review.getByTestId('agreement').click();
  await review.getByRole('button', { name: r.review.submit }).click();
  await page.waitForURL(/\/en\/move\/refill-confirmation$/, { timeout: 20_000 });
  await expect(page.getByTestId('progress')).toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('refill-expiry')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'move refill confirmation');
  await page.getByTestId('continue-move').click();
  await page.waitForURL(/\/en\/move\/schedule-finalize$/);
  await page.getByRole('button', { name: c.finalize.submit }).click();
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
  await page.getByRole('link', { name: c.addressConfirmation.moveToday }).click();
  await page.getByRole('button', { name: c.scheduleNow.continueLabel }).click();
  await page.waitForURL(/\/es\/move\/now$/);
  await expectSpanishOnly(page, ref, 'move now');
  await page.getByRole('button', { name: c.now.submit }).click();
  await page.waitForURL(/\/es\/move\/now-confirmation$/, { timeout: 20_000 });
  await expect(page.getByTestId('confirmation-number')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: c.cancel as unknown as string })).toHaveCount(0);
  await expectNoAxeViolations(page, 'move now confirmation');
  await expectSpanishOnly(page, ref, 'move now confirmation');
});

/** A move scenario's input (`scenarios/move/*.yaml`). */
interface MoveInput {
  identity: string;
  account?: string;
  addCard?: string;
  street: string;
  zip: string;
  moveInDays: number;
  refill?: string;
}

/** Signs in as the scenario's identity and account in a run of its own; returns its input and account. */
async function startScenario(page: Page, id: string, locale: string) {
  const s = scenario<MoveInput>(id);
  await signIn(page, locale, s.input.identity, { scenario: id, account: s.input.account });
  await page.waitForURL(new RegExp(`/${locale}/dashboard`));
  return { input: s.input, expect: s.expect as typeof s.expect & Record<string, unknown>, account: s.input.account ?? OWNER_ONE };
}

test('an expired service moving today: the required 7-day refill with a new card, then moved today (Spanish)', async ({ page }) => {
  const ref = await englishReference(page.request);
  const { input, expect: want, account } = await startScenario(page, 'move/today-expired-refill', 'es');
  const { moving: c, refill: r, payments, address } = await texts(page, 'es');
  await page.goto('/es/move');
  await expect(page.getByRole('heading', { level: 1, name: address.moveHeading })).toBeVisible({ timeout: 20_000 });
  await enterAddress(page, address, input.street, input.zip);
  await page.getByRole('link', { name: c.addressConfirmation.moveToday }).click();
  expect(input.moveInDays).toBe(0);
  await page.getByRole('button', { name: c.scheduleNow.continueLabel }).click();
  // expired: even a move today needs a refill (gap 1), and the 7-day plan is offered
  await page.waitForURL(/\/es\/move\/refill-required$/);
  const required = page.locator('[data-page="refill-required"]');
  await expect(required.getByTestId('refill-cart')).toBeVisible({ timeout: 20_000 });
  expect(want.sevenDayOffered).toBe(true);
  await expect(required.getByRole('radio')).toHaveCount(2);
  const seven = required.getByRole('radio', { name: /7/ });
  await required.locator('label.refill-option').filter({ has: page.getByRole('radio', { name: /7/ }) }).click();
  await expect(seven).toBeChecked();
  await expect(required.getByTestId(`cart-line-${input.refill}`)).toBeVisible();
  await expectNoAxeViolations(page, 'move refill required, 7-day');
  await expectSpanishOnly(page, ref, 'move refill required');
  await required.getByRole('button', { name: r.customize.next }).click();
  // no saved card: the card entry (the simulators' stand-in) saves the scenario's card
  await page.waitForURL(/\/es\/move\/refill-payment$/);
  await expect(page.getByTestId('progress')).toHaveAttribute('data-percent', '66');
  const card = page.locator(`iframe[title="${payments.editPayment.cardEntryTitle}"]`).contentFrame();
  await card.locator('#cardNumber').fill(input.addCard!);
  await card.locator('#expirationDate').fill('12/30');
  await card.locator('#cvv').fill('123');
  // the card-entry frame is the provider's component (here its stand-in), not this page's
  await expectNoAxeViolations(page, 'move refill payment', ['iframe']);
  await page.getByRole('button', { name: r.payment.save }).click();
  await page.waitForURL(/\/es\/move\/refill-review$/, { timeout: 20_000 });
  const review = page.locator('[data-page="review"]');
  await expect(review.getByTestId('saved-card')).toContainText(input.addCard!.slice(-4));
  await review.getByTestId('agreement').click();
  await review.getByRole('button', { name: r.review.submit }).click();
  await page.waitForURL(/\/es\/move\/refill-confirmation$/, { timeout: 20_000 });
  await expect(page.getByTestId('continue-move')).toHaveAttribute('href', '/es/move/now');
  await page.getByTestId('continue-move').click();
  await page.waitForURL(/\/es\/move\/now$/);
  await page.getByRole('button', { name: c.now.submit }).click();
  await page.waitForURL(/\/es\/move\/now-confirmation$/, { timeout: 20_000 });
  // the simulators' aux account: the account's first 14 digits + 96; the number, MV + its last 8
  await expect(page.getByTestId('confirmation-number')).toHaveText(`MV${(account.slice(0, 14) + '96').slice(-8)}`);
  await expect(page.getByTestId('move-to')).toContainText(input.street);
});

test.describe('by keyboard', () => {
  // the date input's segments follow the browser's locale: month, day, year in en-US
  test.use({ locale: 'en-US' });

  test('a move 8 days ahead with the 7-day refill, by keyboard alone, axe on every state', async ({ page }) => {
    const { input, account } = await startScenario(page, 'move/later-refill-7', 'en');
    const { moving: c, refill: r, address } = await texts(page, 'en');
    const date = await moveDate(page, account, input.moveInDays);
    await page.goto('/en/move');
    const street = page.getByRole('combobox', { name: address.streetLabel });
    await expect(street).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'move address entry');
    await tabTo(page, street);
    await page.keyboard.type(input.street);
    await closeSuggestions(page, input.street);
    await tabTo(page, page.getByRole('textbox', { name: address.zipLabel }));
    await page.keyboard.type(input.zip);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: c.addressConfirmation.title })).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'move address confirmation');
    await tabTo(page, page.getByRole('link', { name: c.addressConfirmation.moveLater }));
    await page.keyboard.press('Enter');
    const field = page.getByLabel(c.schedule.dateLabel);
    await expect(field).toBeVisible();
    await expectNoAxeViolations(page, 'move schedule');
    await tabTo(page, field);
    // the date input's segments in the browser's (en-US) order: month, day, year
    const [y, m, d] = date.split('-');
    await page.keyboard.type(`${m}${d}${y}`);
    await expect(field).toHaveValue(date);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/en\/move\/refill-required$/);
    const required = page.locator('[data-page="refill-required"]');
    await expect(required.getByTestId('refill-cart')).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'move refill required');
    // the radio group is one Tab stop; the arrow keys choose within it
    await tabTo(page, required.getByRole('radio', { name: /30/ }), 40);
    await page.keyboard.press('ArrowDown');
    await expect(required.getByRole('radio', { name: /7/ })).toBeChecked();
    await expect(required.getByTestId(`cart-line-${input.refill}`)).toBeVisible();
    await tabTo(page, required.getByRole('button', { name: r.customize.next }));
    await page.keyboard.press('Enter');
    // a saved card: straight to the review
    await page.waitForURL(/\/en\/move\/refill-review$/);
    const review = page.locator('[data-page="review"]');
    await expect(review.getByTestId('saved-card')).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'move refill review');
    await tabTo(page, review.getByRole('checkbox', { name: r.review.agreement }));
    await page.keyboard.press('Space');
    await tabTo(page, review.getByRole('button', { name: r.review.submit }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/en\/move\/refill-confirmation$/, { timeout: 20_000 });
    const next = page.getByTestId('continue-move');
    await expect(next).toHaveAttribute('href', '/en/move/schedule-finalize');
    await expectNoAxeViolations(page, 'move refill confirmation, 7-day');
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/en\/move\/schedule-finalize$/);
    const submit = page.getByRole('button', { name: c.finalize.submit });
    await expect(submit).toBeVisible();
    await expectNoAxeViolations(page, 'move schedule finalize');
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/en\/move\/schedule-confirmation$/, { timeout: 20_000 });
    await expect(page.getByTestId('confirmation-number')).not.toBeEmpty();
    await expect(page.getByTestId('move-cancel-by')).toBeVisible();
    await expectNoAxeViolations(page, 'move schedule confirmation, 7-day refill');
    // the cancel modal opens and closes by keyboard; the move is kept
    await tabTo(page, page.getByRole('button', { name: c.cancel as unknown as string }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'cancel this move modal, by keyboard');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('confirmation-number')).toBeVisible();
  });
});

test('a date more than 60 days ahead is refused with its catalogue message', async ({ page }) => {
  const { input, expect: want, account } = await startScenario(page, 'move/date-too-far', 'en');
  const { moving: c, address } = await texts(page, 'en');
  const catalogue = ((await (await page.request.get('/-/api/my.prepaid/buyflow')).json()) as { errorCatalogue: Catalogue }).errorCatalogue;
  const { message } = catalogued(catalogue, want.errorCode!);
  await page.goto('/en/move');
  await expect(page.getByRole('heading', { level: 1, name: address.moveHeading })).toBeVisible({ timeout: 20_000 });
  await enterAddress(page, address, input.street, input.zip);
  await page.getByRole('link', { name: c.addressConfirmation.moveLater }).click();
  await page.getByLabel(c.schedule.dateLabel).fill(await moveDate(page, account, input.moveInDays));
  const refused = page.waitForResponse((res) => res.url().endsWith('/move/date'));
  await page.getByRole('button', { name: c.schedule.continueLabel }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect(((await answer.json()) as { errorCode: string }).errorCode).toBe(want.errorCode);
  // the page stays on the date with the BFF's catalogue text on the field
  await expect(page.getByText(message)).toBeVisible();
  expect(page.url()).toMatch(/\/en\/move\/schedule$/);
  await expectNoAxeViolations(page, 'move date too far');
});
