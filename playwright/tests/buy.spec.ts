import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { walkBuy, type BuyInput, type BuyScenario } from '../lib/buy';
import { text, type Content } from '../lib/content';
import { LOCALES, scenarios } from '../lib/scenarios';

async function buyflow(request: import('@playwright/test').APIRequestContext, locale: string): Promise<Content> {
  const res = await request.get(`${locale === 'es' ? '/-/api/es' : '/-/api'}/my.prepaid/buyflow`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Content;
}

/**
 * The message a code shows (seed 000 §8 lookup: as given, then `_` to `-`; a code in no group
 * gets the generic message with the customer-care number).
 */
function catalogued(content: Content, code: string): { message: string; appendCode: boolean } {
  const catalogue = content.errorCatalogue as {
    generic: string;
    customerCarePhone: string;
    groups: Array<{ codes: string[]; message: string; appendCode: boolean }>;
  };
  const group =
    catalogue.groups.find((g) => g.codes.includes(code)) ??
    catalogue.groups.find((g) => g.codes.includes(code.replaceAll('_', '-')));
  return group ?? { message: catalogue.generic.replace('{phone}', catalogue.customerCarePhone), appendCode: false };
}

const MARKETING = /^https:\/\/www\.example-cable\.com\//;

// Every buy scenario is walked in the browser, each in one language (alternating, a buy walk
// takes 10-25 s and the test command has 20 minutes), the purchases in both; `PW_BOTH=1`
// walks every scenario in both languages. Expectations come from the scenario files.
const both = new Set(['buy/happy-paid-shipping', 'buy/happy-promo-accepted']);
const all = scenarios<BuyInput>('buy') as BuyScenario[];
all.forEach((scenario, i) => {
  const locales = both.has(scenario.id) || process.env.PW_BOTH === '1' ? LOCALES : [LOCALES[i % 2]];
  for (const locale of locales) {
    test(`${scenario.id} [${locale}]: ${scenario.title}`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const content = await buyflow(request, locale);
      await page.route(MARKETING, (r) => r.fulfill({ contentType: 'text/html', body: '<title>marketing</title>' }));
      // the payment form's reset timers (30 s, then 10 s) are fast-forwarded by the walk
      if (scenario.input.attempts) await page.clock.install();
      await page.goto(`/harness/start/${scenario.id}?locale=${locale}`);
      await walkBuy(page, scenario, content, locale);

      const want = scenario.expect;
      if (want.stage === 'marketing-redirect') {
        await expect(page).toHaveURL(MARKETING, { timeout: 45_000 });
        return;
      }
      const final = page.locator(`[data-page="${want.stage}"]`);
      await expect(final).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveURL(new RegExp(`/${locale}/buy/${want.stage}`));
      if (want.message) await expect(page.getByText(text(content, want.message).split('{')[0].trim()).first()).toBeVisible();
      if (want.errorCode) {
        const { message, appendCode } = catalogued(content, want.errorCode);
        const shown = page.getByText(message.split('{')[0].trim()).first();
        await expect(shown).toBeVisible();
        if (appendCode) await expect(page.getByText(want.errorCode).first()).toBeVisible();
      }
      await expectNoAxeViolations(page, `final ${want.stage}`);
    });
  }
});
