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

/** The catalogue message a code shows (seed 000 §8 lookup: as given, then `_` to `-`). */
function catalogued(content: Content, code: string): { message: string; appendCode: boolean } {
  const groups = (content.errorCatalogue as { groups: Array<{ codes: string[]; message: string; appendCode: boolean }> }).groups;
  const group = groups.find((g) => g.codes.includes(code)) ?? groups.find((g) => g.codes.includes(code.replaceAll('_', '-')));
  if (!group) throw new Error(`${code} is not in the catalogue`);
  return group;
}

const MARKETING = /^https:\/\/www\.example-cable\.com\//;

// Every buy scenario once, alternating the language so both are covered; the happy paths and
// the promo and free-shipping purchases in both languages. Expectations come from the files.
const all = scenarios<BuyInput>('buy') as BuyScenario[];
const both = new Set(['buy/happy-paid-shipping', 'buy/happy-promo-accepted', 'buy/happy-free-shipping']);
all.forEach((scenario, i) => {
  const locales = both.has(scenario.id) ? LOCALES : [LOCALES[i % 2]];
  for (const locale of locales) {
    test(`${scenario.id} [${locale}]: ${scenario.title}`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const content = await buyflow(request, locale);
      await page.route(MARKETING, (r) => r.fulfill({ contentType: 'text/html', body: '<title>marketing</title>' }));
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
