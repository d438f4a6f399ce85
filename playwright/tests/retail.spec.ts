import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { merchantContent, text } from '../lib/content';
import { walkRetail } from '../lib/retail';
import { LOCALES, scenarios } from '../lib/scenarios';

// Every retail scenario, in English and Spanish, walked in a real browser against the BFF in
// harness mode; the expectation is read from the scenario file, never retyped here.
for (const scenario of scenarios('retail')) {
  for (const locale of LOCALES) {
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
}
