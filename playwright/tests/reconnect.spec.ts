import { expect, test, type Page } from '@playwright/test';
import type { AccountDashboardContent } from '../../web/src/content/accountDashboard';
import { expectNoAxeViolations } from '../lib/axe';
import { choose } from '../lib/buy';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { signIn } from '../lib/signin';

/**
 * The reconnect page in the browser (issue 14; seed 002 §2.10, §4.5): a closed account
 * reconnected through to the activation link in Spanish (the dashboard's Reactivate button, a
 * new card in the card entry, the 30-day plan), and one error outcome. Each runs in a run of
 * its own (a harness scenario start) with axe on each state. Every scenario's outcome is
 * asserted over HTTP (bff/tests/it/reconnect.rs) and every state in stories. The BFF under
 * test fetches the aux account after BFF_RECONNECT_AUX_FETCH_MS (playwright.config.ts).
 */

/** The page's texts, typed as the generated content (a missing text is a type error, not a name matching anything). */
async function texts(page: Page, locale: string): Promise<Pick<AccountDashboardContent, 'reconnect' | 'payments'>> {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const res = await page.request.get(`${prefix}/my.prepaid/account-dashboard`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as AccountDashboardContent;
  return { reconnect: body.reconnect, payments: body.payments };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
});

test('reconnect in Spanish: Reactivate, a new card, the 7-day refill, then the activation link', async ({ page }) => {
  const ref = await englishReference(page.request);
  await signIn(page, 'es', 'deactivated', { scenario: 'reconnect/reconnected-7-day' });
  await page.waitForURL(/\/es\/dashboard/);
  const { reconnect: c, payments } = await texts(page, 'es');
  // layout shifts from here on, but for those within 0.5 s of an input (as CLS counts them)
  await page.evaluate(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shifted += e.value;
    }).observe({ type: 'layout-shift' });
  });
  await page.locator('a[href="/es/reconnect"]:visible').first().click();
  await page.waitForURL(/\/es\/reconnect/);
  const steps = page.locator('section.reconnect');
  await expect(page.getByTestId('step-address')).toHaveAttribute('data-complete', 'true', { timeout: 20_000 });
  // the account checked, step 1 completed, step 2 opened (seed 002 §2.10): none of it moved the page
  await expect(page.getByTestId('step-refill')).toHaveAttribute('data-expanded', 'true');
  await expect(page.locator(`iframe[title="${payments.editPayment.cardEntryTitle}"]`)).toBeVisible();
  // it was 0.37 here (the footer and step 3 pushed down, step 2 pulled up); a sub-pixel move of
  // about 0.0003 was seen once
  const shifted = () => page.evaluate(() => (window as unknown as { shifted: number }).shifted);
  const zero = () => page.evaluate(() => void ((window as unknown as { shifted: number }).shifted = 0));
  expect(await shifted()).toBeLessThan(0.01);
  await expect(steps.getByRole('radio', { name: new RegExp(c.plan30) })).toBeChecked();
  await expectNoAxeViolations(page, 'reconnect steps', ['iframe']);
  await expectSpanishOnly(page, ref, 'reconnect steps');
  const card = page.locator(`iframe[title="${payments.editPayment.cardEntryTitle}"]`).contentFrame();
  await card.locator('#cardNumber').fill('4111111111111111');
  await card.locator('#expirationDate').fill('12/30');
  await card.locator('#cvv').fill('123');
  await zero();
  await steps.getByRole('button', { name: c.saveCard }).click();
  await expect(steps.getByTestId('saved-card')).toContainText('1111', { timeout: 20_000 });
  expect(await shifted(), 'the saved card in place of the card entry').toBeLessThan(0.01);
  await zero();
  await choose(steps.getByRole('radio', { name: new RegExp(c.plan7) }));
  const paid = page.waitForResponse((r) => r.url().endsWith('/reconnect') && r.request().method() === 'POST');
  await steps.getByRole('button', { name: /Pagar/ }).click();
  expect((await paid).status()).toBe(200);
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  // the thank-you keeps the refill panel's height: it was 0.063 here (step 3 and the footer
  // pulled up); what is left is step 3 opening, which pushes the footer out of view (0.006)
  await expect(page.getByTestId('step-activation')).toHaveAttribute('data-expanded', 'true');
  expect(await shifted(), 'the thank-you in place of the refill panel').toBeLessThan(0.01);
  const link = page.getByRole('link', { name: c.continueLabel });
  await expect(link).toHaveAttribute('href', `/es/activation?accountId=${Buffer.from('8993100000000595').toString('base64')}&guid=&bhr=false&mobile=false`);
  await expectNoAxeViolations(page, 'reconnect thank-you');
  await expectSpanishOnly(page, ref, 'reconnect thank-you');
  await link.click();
  await page.waitForURL(/\/es\/activation\?/);
});

test('not reconnect-eligible: the not-available message', async ({ page }) => {
  await signIn(page, 'en', 'deactivated', { scenario: 'reconnect/not-eligible' });
  await page.waitForURL(/\/en\/dashboard/);
  const { reconnect: c } = await texts(page, 'en');
  await page.goto('/en/reconnect');
  await expect(page.getByRole('heading', { level: 1, name: c.notAvailableTitle })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expectNoAxeViolations(page, 'reconnect not available');
});

for (const locale of ['en', 'es'] as const) {
  test(`signed out, /reconnect goes to the sign-in without showing the reconnect page or a log-out first [${locale}]`, async ({ page }) => {
    const { reconnect: c } = await texts(page, locale);
    // every heading the app draws on the way, as it appears
    const headings: string[] = [];
    await page.exposeBinding('reportHeading', (_source, text: string) => void headings.push(text));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportHeading: (t: string) => void }).reportHeading;
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('h1')) if (h.textContent && !h.dataset.seen) (h.dataset.seen = '1'), report(h.textContent);
        // and the log-out control: nobody is signed in, there is nothing to end
        if (document.querySelector('[data-testid="logout"]')) report('logout');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`/${locale}/reconnect`);
    await page.waitForURL(/\/sim\/identity\/authorize\?/, { timeout: 20_000 });
    expect(headings).not.toContain(c.title);
    expect(headings, 'a log-out control for an anonymous visitor').not.toContain('logout');
  });
}
