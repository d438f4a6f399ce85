import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { allContent, type AllContent } from '../lib/content';
import { signIn } from '../lib/signin';

// Sign-out (seed 001 §4 "Sign-in", "Session and timeout"): the sign-out removes the session
// cookie from the browser, and afterwards the next action, in the same tab or in another tab of
// the same browser, goes to the provider's sign-in ("with no session id it goes to the external
// sign-in"; in harness mode the simulated provider under /sim/identity/authorize), never to the
// timeout page or the error page.

const AUTHORIZE = /\/sim\/identity\/authorize\?/;
const LOGOUT = '**/sim/identity/logout?**';

/** The session cookies the browser holds (either name). */
async function sessionCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).filter((c) => c.name === 'pp_session' || c.name === '__Host-pp_session').map((c) => `${c.name} ${c.path}`);
}

/** Every page `page` shows from now on (the main frame's URLs). */
function visited(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) urls.push(f.url());
  });
  return urls;
}

/** Waits until `page` is at the provider's sign-in, or (failing at once) at an error page. */
async function expectProviderSignIn(page: Page, locale: string): Promise<void> {
  const errorPage = new RegExp(`^/${locale}/(timeout-error|error)$`);
  await page.waitForURL((u) => AUTHORIZE.test(u.href) || errorPage.test(u.pathname));
  expect(page.url(), 'the provider sign-in, not an error page').toMatch(AUTHORIZE);
}

/** No timeout page, no error page among `urls`. */
function expectNoErrorPage(urls: string[], locale: string): void {
  const bad = urls.filter((u) => new RegExp(`/${locale}/(timeout-error|error)(\\?|$)`).test(new URL(u).pathname + new URL(u).search));
  expect(bad, `no error page after the sign-out: ${urls.join(' -> ')}`).toEqual([]);
}

/** owner-one signed in on `page`, its dashboard drawn (welcome tour marked seen). */
async function signedIn(page: Page, locale: string, c: AllContent): Promise<void> {
  await signIn(page, locale, 'owner-one', { content: c });
  await page.waitForURL(new RegExp(`/${locale}/dashboard(\\?|$)`));
  await page.locator('[data-page="dashboard"][data-stage="show"]').waitFor();
}

/**
 * Signs out on `page` with the shell's Log out, holding the provider's logout page (so only the
 * BFF's sign-out has happened yet): its URL.
 */
async function signOutHeld(page: Page): Promise<string> {
  let logoutUrl = '';
  await page.route(LOGOUT, (route) => {
    logoutUrl = route.request().url();
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>logout</title>' });
  });
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/sim\/identity\/logout\?/);
  await page.unroute(LOGOUT);
  expect(logoutUrl).not.toBe('');
  return logoutUrl;
}

/** The next action on a signed-in page: the shell's Refill (an in-app page that reads the account). */
async function nextAction(page: Page, c: AllContent): Promise<void> {
  await page.getByRole('link', { name: c.header.refill.label }).first().click();
}

for (const locale of ['en', 'es'] as const) {
  test.describe(`sign-out (${locale})`, () => {
    let c: AllContent;
    test.beforeEach(async ({ context, request }) => {
      c = await allContent(request, locale);
      await context.addInitScript(() => localStorage.setItem('xpp_wt', 'true'));
    });

    test('same tab: the cookie leaves the browser; the provider sign-in follows, and the next visit is the sign-in too', async ({ page, context }) => {
      await signedIn(page, locale, c);
      expect(await sessionCookies(context)).toEqual(['pp_session /']);
      const urls = visited(page);
      const logoutUrl = await signOutHeld(page);
      // the BFF's answer removed the cookie: the browser holds none
      expect(await sessionCookies(context)).toEqual([]);
      // the provider's logout returns to the hand-off, which starts a new sign-in
      await page.goto(logoutUrl);
      await expectProviderSignIn(page, locale);
      // the next visit of a signed-in page: the provider's sign-in again, not the timeout page
      await page.goto(`/${locale}/dashboard`);
      await expectProviderSignIn(page, locale);
      expectNoErrorPage(urls, locale);
    });

    test('second tab, right after the sign-out in the first: its next action is the provider sign-in', async ({ context }) => {
      const one = await context.newPage();
      await signedIn(one, locale, c);
      const two = await context.newPage();
      await two.goto(`/${locale}/dashboard`);
      await two.locator('[data-page="dashboard"][data-stage="show"]').waitFor();
      const urls = visited(two);
      await signOutHeld(one);
      expect(await sessionCookies(context)).toEqual([]);
      await nextAction(two, c);
      await expectProviderSignIn(two, locale);
      expectNoErrorPage(urls, locale);
    });

    test('second tab, after the first went on to the provider: its next action is the provider sign-in', async ({ context }) => {
      const one = await context.newPage();
      await signedIn(one, locale, c);
      const two = await context.newPage();
      await two.goto(`/${locale}/dashboard`);
      await two.locator('[data-page="dashboard"][data-stage="show"]').waitFor();
      const urls = visited(two);
      // the whole way: the provider's logout, the hand-off, a new sign-in at the provider (the
      // hand-off's new session is the browser's cookie now; tab two still holds the old token)
      await one.getByTestId('logout').click();
      await expectProviderSignIn(one, locale);
      await nextAction(two, c);
      await expectProviderSignIn(two, locale);
      expectNoErrorPage(urls, locale);
    });
  });
}
