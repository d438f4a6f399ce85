import { expect, test } from '@playwright/test';
import type { MerchantFlow } from '../../web/src/content/hooks';
import { expectNoAxeViolations } from '../lib/axe';
import { buyflowContent, text } from '../lib/content';
import { englishReference, expectSpanishOnly } from '../lib/i18n';

/**
 * `/{locale}/buy` without `lm` (and no location kept from earlier in the visit) is no
 * dead end: the visitor checks the address first (seed 000 §1), in their language, and the
 * plan page follows with its price and an enabled Next.
 */

/** The retail world's serviceable address (retail.spec.ts, move.spec.ts). */
const STREET = '845 Spring St NW';
const ZIP = '30308';

for (const locale of ['en', 'es'] as const) {
  test(`/buy without lm starts with the address check, then the plan with its price [${locale}]`, async ({ page, request }) => {
    const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
    const address = ((await (await request.get(`${prefix}/my.prepaid/merchant-flow`)).json()) as MerchantFlow).addressCheck;
    const c = await buyflowContent(request, locale);
    await page.goto(`/${locale}/buy`);
    await expect(page.getByRole('heading', { level: 1, name: address.heading })).toBeVisible({ timeout: 20_000 });
    // a buyer has no starter kit
    await expect(page.getByText(address.chatPrompt)).toHaveCount(0);
    await expectNoAxeViolations(page, `buy address start ${locale}`);
    if (locale === 'es') await expectSpanishOnly(page, await englishReference(request), 'buy address start');
    await page.getByRole('combobox', { name: address.streetLabel }).fill(STREET);
    await expect(page.getByRole('option', { name: new RegExp(STREET) })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: address.zipLabel }).fill(ZIP);
    await page.getByRole('button', { name: address.submit }).click();
    await page.waitForURL(new RegExp(`/${locale}/buy/internet$`), { timeout: 20_000 });
    // the plan is priced for the address: Next is enabled
    await expect(page.getByRole('button', { name: text(c, 'internet.next'), disabled: false }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();
  });
}
