import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { merchantContent, text } from '../lib/content';
import { walkRetail } from '../lib/retail';
import { LOCALES, scenarios } from '../lib/scenarios';

// Every retail scenario walked in a real browser against the BFF in harness mode; the
// expectation is read from the scenario file, never retyped here. Each scenario runs in one
// language (alternating; the test command has 20 minutes on 2 cores), the happy path in both;
// `PW_BOTH=1` walks every scenario in both. Both languages' texts of every key are checked by
// the content tests, and Storybook shows every stage in both.
const both = new Set(['retail/assign-success']);
scenarios('retail').forEach((scenario, i) => {
  const locales = both.has(scenario.id) || process.env.PW_BOTH === '1' ? LOCALES : [LOCALES[i % 2]];
  for (const locale of locales) {
    test(`${scenario.id} [${locale}]: ${scenario.title}`, async ({ page, request }) => {
      const content = await merchantContent(request, locale);
      await page.goto(`/harness/start/${scenario.id}?locale=${locale}`);
      await expect(page).toHaveURL(new RegExp(`/${locale}${scenario.start}$`));
      await walkRetail(page, scenario, content, locale);

      const { expect: want } = scenario;
      if (want.path) await expect(page).toHaveURL(new RegExp(`/${locale}${want.path}$`));
      const final = page.locator(`[data-stage="${want.stage}"]`);
      await expect(final).toBeVisible();
      if (want.message) await expect(final.getByText(text(content, want.message)).first()).toBeVisible();
      if (want.coldTap !== undefined) {
        const note = final.getByText(text(content, 'readyToBuy.coldTapNote'));
        await expect(note).toHaveCount(want.coldTap ? 1 : 0);
      }
      await expectNoAxeViolations(page, `final ${want.stage}`);
    });
  }
});
