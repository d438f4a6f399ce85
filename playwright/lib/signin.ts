import type { Page } from '@playwright/test';
import { allContent, type AllContent } from './content';

/**
 * Signs in through the simulated identity provider (seed 001 §4 "Sign-in"): the handoff's
 * Log in, the provider's page as `identity`, back to the handoff; then, when `account` is
 * given, the account picker's choice. With `scenario` (an id such as `signin/owner-states`)
 * the walk starts at `/harness/start/<scenario>`, which also starts a new simulator run: what
 * the test changes upstream (a cancelled move, preferences, a saved card) is its own, whatever
 * runs beside it or before it (ARCHITECTURE.md "Scenarios"). Tests that change upstream state
 * must pass a scenario. `bhr`: the hand-off is opened with `?bhr=true` (the customer is behind
 * the modem, seed 001 §2), which the sign-in carries to the dashboard and activation; `mobile`:
 * with `?mobile=true` as well (in the provider's app: no footer).
 */
export async function signIn(
  page: Page,
  locale: string,
  identity: string,
  opts: { scenario?: string; account?: string; content?: AllContent; bhr?: boolean; mobile?: boolean } = {},
): Promise<AllContent> {
  const c = opts.content ?? (await allContent(page.request, locale));
  if (opts.scenario) {
    await page.goto(`/harness/start/${opts.scenario}?locale=${locale}`);
    await page.waitForURL(new RegExp(`/${locale}/handoff`));
  }
  const flags = new URLSearchParams();
  if (opts.bhr) flags.set('bhr', 'true');
  if (opts.mobile) flags.set('mobile', 'true');
  const query = flags.toString();
  if (!opts.scenario || query) await page.goto(`/${locale}/handoff${query ? `?${query}` : ''}`);
  await page.getByRole('button', { name: c.handoff.logIn }).click();
  await page.waitForURL(/\/sim\/identity\/authorize\?/);
  await page.locator(`input[name="identity"][value="${identity}"]`).check();
  await page.locator('form button[type="submit"]').click();
  if (opts.account) {
    await page.waitForURL(new RegExp(`/${locale}/account-picker`));
    await page.locator(`input[type="radio"][value="${opts.account}"]`).check({ force: true });
    await page.getByRole('button', { name: c.accountPicker.continueLabel }).click();
  }
  return c;
}
