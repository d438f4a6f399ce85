import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { signIn } from '../lib/signin';
import { alternating, outcomeClass, scenarios, type Scenario } from '../lib/scenarios';

// One sign-in scenario per outcome class (scenarios/signin/, ARCHITECTURE.md "Scenarios"),
// walked from its harness start through the simulated provider to the page the seed names
// (seed 001 §4 "Sign-in", "Page readiness and checks"), languages alternating. Every
// scenario's `next` is proven over HTTP by bff/tests/it/signin.rs; the scenarios that need a
// second actor (a sign-out elsewhere, a forged account id) are proven there only.

interface SigninInput {
  identity: string;
  account?: string;
  signOutElsewhere?: boolean;
  dashboardAccount?: string;
}

/** The element that marks each final stage. */
const FINAL: Record<string, string> = {
  dashboard: '[data-page="dashboard"][data-stage="show"]',
  // the account-state page leaves for the activation steps after 1.5 s: the walk ends there
  activation: '[data-page="activation"][data-stage="steps"]',
  'account-picker': '[data-page="account-picker"]',
  'permission-error': '[data-page="permission-error"]',
  'timeout-error': '[data-page="timeout-error"]',
  error: '[data-page="errorPage"]',
};

const walkable = scenarios<SigninInput>('signin').filter((s) => !s.input.signOutElsewhere && !s.input.dashboardAccount);
const byClass = new Map<string, Scenario<SigninInput>>();
for (const s of walkable) if (!byClass.has(outcomeClass(s))) byClass.set(outcomeClass(s), s);

async function walk(page: Page, s: Scenario<SigninInput>, locale: string) {
  await signIn(page, locale, s.input.identity, { scenario: s.id, account: s.input.account });
}

let n = 0;
for (const s of byClass.values()) {
  const locale = alternating(n++);
  test(`${s.id} (${locale}): ${s.title}`, async ({ page }) => {
    await walk(page, s, locale);
    const final = FINAL[s.expect.stage];
    if (!final) throw new Error(`no marker for stage ${s.expect.stage} in FINAL`);
    await expect(page.locator(final)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectNoAxeViolations(page, `${s.id} ${locale}`);
    if (locale === 'es') await expectSpanishOnly(page, await englishReference(page.request), s.id);
  });
}
