import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { allContent, type AllContent } from '../lib/content';
import { signIn } from '../lib/signin';

// Every signed-in link and page keeps the account the dashboard shows and the bhr /
// mobile flags of the visit (seed 001 §2, §4); the navigation's Activate is only for an account
// with something to activate.

/** The closed account of `closed-aux-activated` and its Activated aux account (simulators' world). */
const CLOSED = '8993100000000401';
const AUX = '8993100000000491';
const b64 = (id: string) => Buffer.from(id).toString('base64');

interface DashboardTexts {
  services: { details: string };
  helpfulLinks: { links: { id: string; label: string }[] };
}

async function dashboardTexts(request: APIRequestContext, locale: string): Promise<DashboardTexts> {
  const res = await request.get(`${locale === 'es' ? '/-/api/es' : '/-/api'}/my.prepaid/account-dashboard`);
  return (await res.json()) as DashboardTexts;
}

const shown = (page: Page) => page.locator('[data-page="dashboard"][data-stage="show"]');

/** The account-id query value of the page's address, decoded. */
const accountOfUrl = (page: Page) => {
  const raw = new URL(page.url()).searchParams.get('accountId');
  return raw ? Buffer.from(raw, 'base64').toString() : undefined;
};

for (const locale of ['en', 'es'] as const) {
  test(`a reactivated customer's pages all keep the aux account the dashboard shows [${locale}]`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
    const [c, d] = await Promise.all([allContent(request, locale), dashboardTexts(request, locale)]);
    await signIn(page, locale, 'closed-aux-activated', { scenario: 'signin/closed-aux-activated', content: c });
    await page.waitForURL((url) => url.pathname === `/${locale}/dashboard` && url.searchParams.get('accountId') === b64(AUX));
    await expect(shown(page)).toBeVisible();
    // from here on, nothing is asked about the closed account
    const closedCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/accounts/${CLOSED}/`)) closedCalls.push(r.url());
    });

    // every app link of the shell and of the dashboard names the aux account
    const appLinks = await page
      .locator('header a[href^="/"], main a[href^="/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(appLinks.length).toBeGreaterThan(3);
    for (const href of appLinks) expect(new URL(href, 'http://x').searchParams.get('accountId'), href).toBe(b64(AUX));

    // View internet details: the detail page of the aux account, no bounce back
    await page.getByRole('link', { name: d.services.details }).click();
    await page.waitForURL((url) => url.pathname === `/${locale}/dashboard/detail-hsd`);
    await expect(page.locator('[data-page="detail-hsd"][data-stage="show"]')).toBeVisible();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/${locale}/dashboard/detail-hsd`);
    expect(accountOfUrl(page)).toBe(AUX);
    await page.goBack();
    await expect(shown(page)).toBeVisible();

    // Payment history and Payment method (helpful links): the aux account's
    for (const [id, pageId] of [
      ['payment-history', 'payment-history'],
      ['payment-method', 'edit-payment'],
    ] as const) {
      const label = d.helpfulLinks.links.find((l) => l.id === id)!.label;
      await page.getByTestId('helpful-links').getByRole('link', { name: label }).click();
      await page.waitForURL((url) => url.pathname === `/${locale}/dashboard/${pageId}`);
      expect(accountOfUrl(page)).toBe(AUX);
      await expect(page.locator(`[data-page="${pageId}"]:not([data-stage="loading"])`)).toBeVisible();
      await expect(page.locator(`[data-page="${pageId}"]`)).not.toHaveAttribute('data-stage', 'error');
      if (id === 'payment-history') await expectNoAxeViolations(page, `payment history of the aux account ${locale}`);
      await page.goBack();
      await expect(shown(page)).toBeVisible();
    }
    expect(closedCalls, 'calls about the closed account').toEqual([]);
  });

  test(`bhr and mobile hold for the whole signed-in visit: no footer on the next pages either [${locale}]`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
    const c: AllContent = await allContent(request, locale);
    await signIn(page, locale, 'owner-one', { content: c, bhr: true, mobile: true });
    await page.waitForURL((url) => url.pathname === `/${locale}/dashboard`);
    await expect(shown(page)).toBeVisible();
    expect(new URL(page.url()).searchParams.get('mobile')).toBe('true');
    await expect(page.locator('footer')).toHaveCount(0);

    // the account menu's Account information
    const account = c.navigation.find((i) => i.type === 'account')!;
    const info = account.flyout.find((l) => l.url === '/dashboard/account-information')!;
    await page.getByRole('button', { name: account.label }).first().click();
    await page.getByRole('navigation', { name: c.header.navigationLabel }).getByRole('link', { name: info.label }).click();
    await page.waitForURL((url) => url.pathname === `/${locale}/dashboard/account-information`);
    await expect(page.locator('[data-page="account-information"]')).toBeVisible();
    const search = new URL(page.url()).searchParams;
    expect(search.get('mobile')).toBe('true');
    expect(search.get('bhr')).toBe('true');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('footer')).toHaveCount(0);
    // and back by the logo: still in-app
    await page.locator('a.shell-logo').click();
    await page.waitForURL((url) => url.pathname === `/${locale}/dashboard`);
    await expect(shown(page)).toBeVisible();
    expect(new URL(page.url()).searchParams.get('mobile')).toBe('true');
    await expect(page.locator('footer')).toHaveCount(0);
  });

  test(`an active account has nothing to activate: no Activate in the navigation [${locale}]`, async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
    const c = await allContent(request, locale);
    const activate = c.navigation.find((i) => i.type === 'activate')!;
    await signIn(page, locale, 'owner-one', { content: c });
    await page.waitForURL((url) => url.pathname === `/${locale}/dashboard`);
    await expect(shown(page)).toBeVisible();
    const nav = page.getByRole('navigation', { name: c.header.navigationLabel });
    // the navigation is there, with its other items, and without Activate
    await expect(nav.getByRole('link', { name: c.navigation.find((i) => i.type === 'refill')!.label, exact: true })).toHaveCount(1);
    await expect(nav.getByRole('link', { name: activate.label, exact: true })).toHaveCount(0);
    await expect(nav.locator('a[href*="/activation"]')).toHaveCount(0);
    await expectNoAxeViolations(page, `dashboard navigation ${locale}`);
  });
}
