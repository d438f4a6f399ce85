import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { walkBuy, type BuyInput } from '../lib/buy';
import { beforePlaceholder, buyflowContent, text } from '../lib/content';
import { englishReference, expectSpanishOnly, type EnglishReference } from '../lib/i18n';
import { walks, WALKED } from '../lib/scenarios';
import { catalogued, type Catalogue } from '../../web/src/testing/scenarioFiles';

const MARKETING = /^https:\/\/www\.example-cable\.com\//;

// Buy journeys walked in the browser: the purchases in both languages and one scenario per
// outcome class (`outcomeClass`; the catalogue codes of one page form one class), in alternating
// languages. Every other scenario's outcome is proven by its Storybook scenario story
// (`BuyScenarios.stories.tsx`: the drift-checked recording replayed through the app, final page
// and message asserted), the codes and messages by `bff/tests/it/buy.rs`. `PW_ALL=1` walks every
// scenario, `PW_BOTH=1` every one in both languages. Expectations come from the scenario files.
// In Spanish every page reached shows Spanish content only (`lib/i18n.ts`, issue 10).
let reference: EnglishReference | undefined;
for (const { scenario, locales } of walks<BuyInput>('buy', WALKED.buy.journeys, WALKED.buy.noStory)) {
  for (const locale of locales) {
    test(`${scenario.id} [${locale}]: ${scenario.title}`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const content = await buyflowContent(request, locale);
      await page.route(MARKETING, (r) => r.fulfill({ contentType: 'text/html', body: '<title>marketing</title>' }));
      // the payment form's reset timers (30 s, then 10 s) are fast-forwarded by the walk
      if (scenario.input.attempts) await page.clock.install();
      await page.goto(`/harness/start/${scenario.id}?locale=${locale}`);
      const ref = locale === 'es' ? (reference ??= await englishReference(request)) : undefined;
      const spanishOnly = async (state: string) => {
        if (ref) await expectSpanishOnly(page, ref, state);
      };
      await walkBuy(page, scenario, content, locale, spanishOnly);

      const want = scenario.expect;
      if (want.stage === 'marketing-redirect') {
        await expect(page).toHaveURL(MARKETING, { timeout: 45_000 });
        return;
      }
      const final = page.locator(`[data-page="${want.stage}"]`);
      await expect(final).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveURL(new RegExp(`/${locale}/buy/${want.stage}`));
      if (want.message) await expect(page.getByText(beforePlaceholder(text(content, want.message))).first()).toBeVisible();
      if (want.errorCode) {
        const { message, appendCode } = catalogued(content.errorCatalogue as Catalogue, want.errorCode);
        const shown = page.getByText(beforePlaceholder(message)).first();
        await expect(shown).toBeVisible();
        if (appendCode) await expect(page.getByText(want.errorCode).first()).toBeVisible();
      }
      await expectNoAxeViolations(page, `final ${want.stage}`);
      await spanishOnly(`final ${want.stage}`);
    });
  }
}
