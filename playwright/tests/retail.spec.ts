import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { merchantContent, text } from '../lib/content';
import { walkRetail } from '../lib/retail';
import { englishReference, expectSpanishOnly, type EnglishReference } from '../lib/i18n';
import { walks, WALKED, type RetailInput } from '../lib/scenarios';

// Retail journeys walked in a real browser against the BFF in harness mode: the happy path in
// both languages and one scenario per outcome class (`outcomeClass`), in alternating languages;
// the expectation is read from the scenario file, never retyped here. Every other scenario's
// outcome is proven per scenario by the BFF integration test (`bff/tests/it/scenarios.rs`) and
// by its Storybook scenario story (`RetailScenarios.stories.tsx`, the drift-checked recording
// replayed in the app). `PW_ALL=1` walks every scenario, `PW_BOTH=1` every one in both languages.
// In Spanish every stage reached shows Spanish content only (`lib/i18n.ts`, issue 10).
let reference: EnglishReference | undefined;
for (const { scenario, locales } of walks<RetailInput>('retail', WALKED.retail.journeys, WALKED.retail.noStory)) {
  for (const locale of locales) {
    test(`${scenario.id} [${locale}]: ${scenario.title}`, async ({ page, request }) => {
      const content = await merchantContent(request, locale);
      await page.goto(`/harness/start/${scenario.id}?locale=${locale}`);
      await expect(page).toHaveURL(new RegExp(`/${locale}${scenario.start}$`));
      const ref = locale === 'es' ? (reference ??= await englishReference(request)) : undefined;
      const spanishOnly = async (state: string) => {
        if (ref) await expectSpanishOnly(page, ref, state);
      };
      await walkRetail(page, scenario, content, locale, spanishOnly);

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
      await spanishOnly(`final ${want.stage}`);
    });
  }
}
