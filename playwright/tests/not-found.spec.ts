import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { allContent, text, type AllContent, type Content } from '../lib/content';
import { expectSpanishOnly, englishReference } from '../lib/i18n';
import { signIn } from '../lib/signin';

// The not-found page (seed 000 §2 "Error and 404": animation and content text; the account
// area's 404: "oops", a resource-unavailable text, a link back and a secondary link), in both
// languages: the app's catch-all and the buy flow's `/{locale}/buy/404` and catch-all. The
// animation stops for customers who ask for reduced motion.

async function bundle(request: APIRequestContext, locale: string, area: 'dictionary' | 'buyflow' | 'account-dashboard'): Promise<Content> {
  const res = await request.get(`${locale === 'es' ? '/-/api/es' : '/-/api'}/my.prepaid/${area}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Content;
}

for (const locale of ['en', 'es'] as const) {
  test(`the not-found page: animation, oops, texts and both links from content [${locale}]`, async ({ page, request }) => {
    const pages = [
      { path: `/${locale}/no-such-page`, content: await bundle(request, locale, 'dictionary') },
      { path: `/${locale}/buy/404`, content: await bundle(request, locale, 'buyflow') },
      { path: `/${locale}/buy/no-such-page`, content: await bundle(request, locale, 'buyflow') },
    ];
    const dashboard = await bundle(request, locale, 'account-dashboard');
    for (const { path, content } of pages) {
      await page.goto(path);
      const main = page.locator('main');
      await expect(main.getByRole('heading', { level: 1, name: text(content, 'notFound.title') })).toBeVisible();
      await expect(main.getByText(text(content, 'notFound.oops'), { exact: true })).toBeVisible();
      await expect(main.getByText(text(content, 'notFound.description'), { exact: true })).toBeVisible();
      if (path.includes('/buy/'))
        await expect(main.getByRole('link', { name: text(content, 'notFound.backLabel') })).toHaveAttribute('href', text(content, 'notFound.backUrl'));
      // the account area's 404 (seed 001 §2): back to the dashboard
      else await expect(main.getByRole('link', { name: text(dashboard, 'detail.back') })).toHaveAttribute('href', `/${locale}/dashboard`);
      const secondary = main.getByRole('link', { name: text(content, 'notFound.secondary.label') });
      await expect(secondary).toHaveAttribute('href', text(content, 'notFound.secondary.url'));
      const animation = main.getByTestId('not-found-animation');
      await expect(animation).toBeVisible();
      // moving: some part of the drawing runs a CSS animation
      const names = await animation.evaluate((el) => [el, ...el.querySelectorAll('*')].map((e) => getComputedStyle(e).animationName));
      expect(names.some((n) => n !== 'none'), `${path} animates`).toBe(true);
    }
    await expectNoAxeViolations(page, `404 ${locale}`);
  });
}

test('the not-found animation stands still with reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const path of ['/es/no-such-page', '/en/buy/404']) {
    await page.goto(path);
    const animation = page.locator('main').getByTestId('not-found-animation');
    await expect(animation).toBeVisible();
    const names = await animation.evaluate((el) => [el, ...el.querySelectorAll('*')].map((e) => getComputedStyle(e).animationName));
    expect(names.every((n) => n === 'none'), `${path} stands still`).toBe(true);
  }
});

/** The footer's links and copyright: the `all` bundle's footer in the page's language (seed 001 §2). */
async function expectAccountFooter(page: Page, c: AllContent) {
  const footer = page.locator('footer');
  await expect(footer).toHaveCount(1);
  const links = footer.getByRole('link');
  await expect(links).toHaveCount(c.footer.links.length);
  for (const [i, link] of c.footer.links.entries()) await expect(links.nth(i)).toHaveText(link.label);
  await expect(footer.getByText(c.footer.copyright)).toBeVisible();
}

for (const locale of ['en', 'es'] as const) {
  test(`the error and not-found pages: the account area's footer in the page's language, a call link [${locale}]`, async ({ page, request }) => {
    const [c, dictionary, dashboard] = await Promise.all([allContent(request, locale), bundle(request, locale, 'dictionary'), bundle(request, locale, 'account-dashboard')]);
    const reference = locale === 'es' ? await englishReference(request) : undefined;
    // the generic error page (seed 002 §8): a call link to customer care and a secondary link
    await page.goto(`/${locale}/error`);
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1, name: text(dictionary, 'errorPage.title') })).toBeVisible();
    const call = main.getByRole('link', { name: text(dashboard, 'acp.call.label') });
    await expect(call).toHaveAttribute('href', /^tel:\+1855/);
    await expect(call).toContainText(locale === 'es' ? '1-855-75-PREPAGO' : '1-855-75-PREPAID');
    await expect(main.getByRole('link', { name: text(dictionary, 'errorPage.backLabel') })).toHaveAttribute('href', text(dictionary, 'errorPage.backUrl'));
    await expectAccountFooter(page, c);
    await expectNoAxeViolations(page, `error page ${locale}`);
    if (reference) await expectSpanishOnly(page, reference, '/es/error');
    // the app's not-found page
    await page.goto(`/${locale}/no-such-page`);
    await expect(main.getByRole('heading', { level: 1, name: text(dictionary, 'notFound.title') })).toBeVisible();
    await expectAccountFooter(page, c);
    if (reference) await expectSpanishOnly(page, reference, '/es/no-such-page');
  });

  test(`a path below the dashboard that is no page: the 404 in the signed-in shell, back to the dashboard [${locale}]`, async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
    const [c, dictionary, dashboard] = await Promise.all([allContent(request, locale), bundle(request, locale, 'dictionary'), bundle(request, locale, 'account-dashboard')]);
    await signIn(page, locale, 'owner-one', { content: c });
    await page.locator('[data-page="dashboard"][data-stage="show"]').waitFor();
    await page.goto(`/${locale}/dashboard/no-such-page?accountId=${Buffer.from('8993100000000101').toString('base64')}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: text(dictionary, 'notFound.title') })).toBeVisible();
    await expect(main.getByText(text(dictionary, 'notFound.oops'), { exact: true })).toBeVisible();
    // the signed-in shell: header, the account navigation, main, footer in the page's language
    await expect(page.getByRole('navigation', { name: c.header.navigationLabel })).toBeAttached();
    await expect(page.getByTestId('logout')).toBeVisible();
    await expectAccountFooter(page, c);
    const back = main.getByRole('link', { name: text(dashboard, 'detail.back') });
    const href = new URL((await back.getAttribute('href')) ?? '', 'http://x');
    expect(href.pathname).toBe(`/${locale}/dashboard`);
    expect(href.searchParams.get('accountId')).toBe(Buffer.from('8993100000000101').toString('base64'));
    await expect(main.getByRole('link', { name: text(dictionary, 'notFound.secondary.label') })).toHaveAttribute('href', text(dictionary, 'notFound.secondary.url'));
    await expectNoAxeViolations(page, `dashboard 404 ${locale}`);
    if (locale === 'es') await expectSpanishOnly(page, await englishReference(request), '/es/dashboard/no-such-page');
    await back.click();
    await page.locator('[data-page="dashboard"][data-stage="show"]').waitFor();
  });
}

test('the Spanish error page of a readiness error (legacy TV) has the Spanish footer', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
  const c = await allContent(request, 'es');
  await signIn(page, 'es', 'owner-states', { scenario: 'signin/state-legacy-tv', account: '8993100000001309', content: c });
  await page.waitForURL((url) => url.pathname === '/es/error', { timeout: 15_000 });
  await page.locator('[data-page="errorPage"]').waitFor();
  await expectAccountFooter(page, c);
  await expectSpanishOnly(page, await englishReference(request), '/es/error (legacy TV)');
});
