import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { text, type Content } from '../lib/content';

// The not-found page (seed 000 §2 "Error and 404": animation and content text; the account
// area's 404: "oops", a resource-unavailable text, a link back and a secondary link), in both
// languages: the app's catch-all and the buy flow's `/{locale}/buy/404` and catch-all. The
// animation stops for customers who ask for reduced motion.

async function bundle(request: APIRequestContext, locale: string, area: 'dictionary' | 'buyflow'): Promise<Content> {
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
    for (const { path, content } of pages) {
      await page.goto(path);
      const main = page.locator('main');
      await expect(main.getByRole('heading', { level: 1, name: text(content, 'notFound.title') })).toBeVisible();
      await expect(main.getByText(text(content, 'notFound.oops'), { exact: true })).toBeVisible();
      await expect(main.getByText(text(content, 'notFound.description'), { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: text(content, 'notFound.backLabel') })).toHaveAttribute('href', text(content, 'notFound.backUrl'));
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
