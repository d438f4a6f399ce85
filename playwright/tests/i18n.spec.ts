import { expect, test, type APIRequestContext } from '@playwright/test';
import { walkBuy, type BuyInput } from '../lib/buy';
import { buyflowContent, merchantContent, text } from '../lib/content';
import { englishReference, expectSpanishOnly, type EnglishReference } from '../lib/i18n';
import { walkRetail } from '../lib/retail';
import { scenario, walkedIn } from '../lib/scenarios';

// Every screen state in Spanish shows Spanish content only: no English content value, no text
// whose words only the English content uses (the provider's catalogue English), no upstream id
// (`lib/i18n.ts`). retail.spec.ts and buy.spec.ts check it on their Spanish walks; this spec
// walks in Spanish the states they do not (each walk visits its states once; the final state
// is checked at the end).

let reference: EnglishReference | undefined;
const english = async (request: APIRequestContext) => (reference ??= await englishReference(request));

// retail: address check (with the form's own messages), multi-unit, serviceable, ready to buy
// with its heads-up, and every notice
const RETAIL = [
  'retail/assign-success',
  'retail/address-multi-unit',
  'retail/address-not-found',
  'retail/unserviceable',
  'retail/existing-prepaid',
  'retail/existing-postpaid',
];
const retailWalked = walkedIn('retail', 'es');
// assign-success also checks the address form's own messages, which no walk shows
for (const id of RETAIL.filter((id) => !retailWalked.has(id) || id === 'retail/assign-success')) {
  test(`Spanish only: ${id} [es]`, async ({ page, request }) => {
    const ref = await english(request);
    const s = scenario(id);
    const content = await merchantContent(request, 'es');
    await page.goto(`/harness/start/${s.id}?locale=es`);
    await expect(page.locator('[data-stage="addressCheck"]')).toBeVisible();
    if (id === 'retail/assign-success') {
      // the form's messages: the street left empty, a zip too short
      await page.locator('input[name="street"]').focus();
      await page.locator('input[name="zip"]').fill('12');
      await page.locator('input[name="zip"]').press('Tab');
      await expect(page.getByText(text(content, 'addressCheck.streetRequired'))).toBeVisible();
      await expect(page.getByText(text(content, 'addressCheck.zipInvalid'))).toBeVisible();
      await expectSpanishOnly(page, ref, 'addressCheck with errors');
      if (retailWalked.has(id)) return; // retail.spec.ts walks the rest in Spanish
    }
    await walkRetail(page, s, content, 'es', (state) => expectSpanishOnly(page, ref, state));
    const final = page.locator(`[data-stage="${s.expect.stage}"]`);
    await expect(final).toBeVisible();
    if (s.expect.stage === 'existingPostpaidAccount') {
      await final.getByRole('button', { name: text(content, 'existingPostpaid.moving') }).click();
    }
    await expectSpanishOnly(page, ref, `final ${s.expect.stage}`);
  });
}

// buy: direct promo, internet, promo modal, customer info, order details, review (with the
// promotion in the cart, with the promo tile, with free shipping), confirmation
const BUY: Array<{ id: string; input?: Partial<BuyInput> }> = [
  { id: 'buy/happy-promo-accepted' },
  { id: 'buy/happy-free-shipping', input: { submit: false } },
  { id: 'buy/direct-promo-entry', input: { submit: false } },
];
const buyWalked = walkedIn('buy', 'es');
for (const { id, input } of BUY.filter((b) => !buyWalked.has(b.id))) {
  test(`Spanish only: ${id} [es]`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const ref = await english(request);
    const s = scenario<BuyInput>(id);
    const walked = { ...s, input: { ...s.input, ...input } };
    const content = await buyflowContent(request, 'es');
    await page.goto(`/harness/start/${s.id}?locale=es`);
    await walkBuy(page, walked, content, 'es', (state) => expectSpanishOnly(page, ref, state));
    const final = input?.submit === false ? 'order-review' : s.expect.stage;
    await expect(page.locator(`[data-page="${final}"]`)).toBeVisible({ timeout: 20_000 });
    await expectSpanishOnly(page, ref, `final ${final}`);
  });
}

test('Spanish only: the buy error and not-found pages [es]', async ({ page, request }) => {
  const ref = await english(request);
  for (const path of ['/es/buy/error', '/es/buy/404', '/es/buy/no-such-page', '/es/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await expectSpanishOnly(page, ref, path);
  }
});

// The review page names the card as customers know it, in both languages (seed 000 §3 card
// type map; labels from content).
const CARDS = [
  { locale: 'en', card: '5555 5555 5555 4444', shown: 'Mastercard' },
  { locale: 'es', card: '3782 8224 6310 005', cvv: '1234', shown: 'American Express' },
];
for (const { locale, card, cvv, shown } of CARDS) {
  test(`the review page shows the card type "${shown}" [${locale}]`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const s = scenario<BuyInput>('buy/happy-paid-shipping');
    const content = await buyflowContent(request, locale);
    await page.goto(`/harness/start/${s.id}?locale=${locale}`);
    await walkBuy(page, { ...s, input: { ...s.input, card, cvv: cvv ?? s.input.cvv, submit: false } }, content, locale);
    const summary = page.locator('[data-page="order-review"]').getByTestId('card-summary');
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary.locator('dd').first()).toContainText(shown);
    await expect(summary).not.toContainText(/mastercard|american-express|MASTER_CARD|AMERICAN_EXPRESS|\bvisa\b/);
  });
}
