import { expect, test } from '@playwright/test';
import { signIn } from '../lib/signin';

/**
 * The BFF writes each page for its route (bff/src/web/pages.rs): the page's status (404 for a
 * path the app does not know, which still draws its not-found page), `<html lang>`, and the
 * first screen's content inline.
 */
const KNOWN = ['/en/dollargeneral', '/es/dollargeneral', '/en/buy', '/es/buy/internet', '/en/buy/order-review', '/es/error'];
const UNKNOWN = ['/en/nope', '/es/dollargeneral/extra', '/en/buy/nope', '/es/buy/404', '/en'];

test('known pages answer 200 and unknown ones 404, in the page language', async ({ request }) => {
  for (const path of KNOWN) {
    const r = await request.get(path);
    expect(r.status(), path).toBe(200);
    expect(await r.text(), path).toContain(`<html lang="${path.slice(1, 3)}">`);
  }
  for (const path of UNKNOWN) {
    const r = await request.get(path);
    expect(r.status(), path).toBe(404);
    expect(r.headers()['content-type'], path).toContain('text/html');
  }
});

test('an unknown route draws the not-found page from content, in both languages', async ({ page }) => {
  for (const locale of ['en', 'es']) {
    const response = await page.goto(`/${locale}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('main h1')).toBeVisible();
  }
});

test('assets come precompressed, with Vary, and the first screen brings its content', async ({ request }) => {
  const html = await (await request.get('/en/dollargeneral')).text();
  const content = JSON.parse(/<script type="application\/json" id="pp-content">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
  // the merchant shell's footer is the English buyflow bundle's one section, not the bundle
  expect(Object.keys(content.en ?? {}).sort()).toEqual(['buyflow:sections', 'dictionary', 'merchant-flow']);
  expect(Object.keys(content.en['buyflow:sections'])).toEqual(['buyflowFooter']);
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1] ?? '';
  for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
    const r = await request.get(script, { headers: { 'accept-encoding': accept } });
    expect(r.headers()['content-encoding']).toBe(encoding);
    expect(r.headers()['vary']).toContain('accept-encoding');
    expect(r.headers()['cache-control']).toContain('immutable');
  }
});

test('the page carries its icon, the app mark of /images/gateway.svg, as a data: URL (no request)', async ({ request }) => {
  const html = await (await request.get('/es/litepay')).text();
  const href = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(href).toMatch(/^data:image\/svg\+xml,/);
  const svg = decodeURIComponent(href.slice('data:image/svg+xml,'.length));
  const file = await (await request.get('/images/gateway.svg')).text();
  // the same drawing: the build only folds whitespace and swaps double quotes for single ones
  expect(svg).toBe(file.trim().replace(/\s+/g, ' ').replaceAll('"', "'"));
});

test('the first screen\'s style sheets are in the page, applied, and never fetched, then or later', async ({ page }) => {
  const css: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('.css')) css.push(new URL(r.url()).pathname);
  });
  // the quick refill names six sheets (the entry's, the shell's and the flows its steps share)
  await page.goto('/es/litepay');
  await expect(page.locator('[data-page="refill"] [data-testid="find-next"]')).toBeVisible();
  const links = await page.locator('link[rel="stylesheet"]').evaluateAll((ls) =>
    ls.map((l) => ({ href: new URL((l as HTMLLinkElement).href).pathname, disabled: (l as HTMLLinkElement).disabled })),
  );
  expect(links.length).toBeGreaterThan(1);
  expect(links.filter((l) => !l.disabled)).toEqual([]);
  expect(await page.locator('style').count()).toBeGreaterThanOrEqual(links.length);
  // the sheets apply: the page's layout comes from them, not from the browser's defaults
  expect(await page.locator('body').evaluate((b) => getComputedStyle(b).margin)).toBe('0px');
  // the later steps' chunks load once the first screen is drawn; their sheets are not asked again
  await page.waitForLoadState('networkidle');
  expect(css.filter((href) => links.some((l) => l.href === href))).toEqual([]);
});

test('a signed-in page preloads the profile and its account call, and the app takes those answers', async ({ page }) => {
  await signIn(page, 'en', 'owner-one');
  await page.waitForURL(/\/en\/dashboard/);
  // the signed-in page drawn (its own calls made) before counting the reload's
  await expect(page.locator('[data-page="dashboard"][data-stage="show"]')).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/secure2/profile' || path === '/secure2/accounts/8993100000000101/dashboard') calls.push(path);
  });
  const response = await page.reload();
  const html = (await response?.text()) ?? '';
  // owner-one's one account, filled in by the BFF from the sign-in
  const dashboardCall = '/secure2/accounts/8993100000000101/dashboard';
  expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/secure2/profile">');
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${dashboardCall}">`);
  await expect(page.locator('[data-page="dashboard"][data-stage="show"]')).toBeVisible();
  // one request each: the preload's (the app's own calls took their answers)
  expect(calls.sort()).toEqual([dashboardCall, '/secure2/profile']);
  // a page whose query names the account: the app asks for that one, so no account preload
  const named = await page.request.get(`/en/dashboard?accountId=${Buffer.from('8993100000000101').toString('base64')}`);
  expect(await named.text()).not.toContain('/dashboard">');
  // signed out: no account to fill in
  expect(await (await page.context().request.fetch('/en/dashboard', { headers: { cookie: '' } })).text()).not.toContain('/secure2/accounts/');
  // the quick refill's visitors are mostly signed out: no profile preload there
  expect(await (await page.request.get('/en/litepay/refill')).text()).not.toContain('href="/secure2/profile"');
});
