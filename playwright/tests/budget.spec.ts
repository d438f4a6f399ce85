import { expect, test, type Page, type Response } from '@playwright/test';

/**
 * First-load bytes (ARCHITECTURE.md "First load"): everything an entry route loads before its
 * first screen, counted on the wire (headers and compressed bodies), with an empty cache; a
 * request the page starts after the first screen is drawn is not counted.
 * Bytes are stable; timings are not, so timings stay in the benchmark (`scripts/bench-web.sh`).
 *
 * TARGET is the goal of issue 10 (130 KB); CEILING is what each route loads today plus a few
 * KB, so no change can make them heavier unnoticed while the gap is being closed. Lower
 * CEILING with every change that makes a route lighter, until it is TARGET.
 */
const TARGET = 130 * 1024;
// Measured (KB on the wire, en/es) once the address check's form (react-hook-form, zod) loaded
// after the retail first screen and the API client with TanStack Query became one chunk:
// dollargeneral 118.0/118.2, buy 121.6/126.4 (about 1 KB more when the serviceability call lands
// before the first screen), handoff 116.4/116.6, dashboard 127.8/128.2 (signed in as owner-one),
// refill 143.7/144.1, reconnect 123.2/123.5 (the deactivated owner), litepay 145.8/146.5 (no
// sign-in). Then the quick refill's find form and steps 2 and 3, and the refill's tabs and
// later pages, after their first screens (both changes together): litepay 127.8/128.5, refill
// 127.3/127.8; the others 0.0 to 0.9 KB heavier (the hand-over's and the lazy pages' code is a
// shared chunk): dollargeneral 118.9/119.1, buy 122.6/126.5, handoff 116.6/116.8, dashboard
// 128.0/128.4, reconnect 123.2/123.6. Then the small shared modules in one chunk (`common`,
// fewer requests, ARCHITECTURE.md "First load"): dollargeneral 120.0/120.2, buy 123.4/126.4,
// handoff 118.7/118.9, dashboard 128.4/128.8, refill 126.8/127.3, reconnect 124.6/125.0,
// litepay 127.8/128.5. Then the page's icon inside the page (about 0.4 KB each): dollargeneral
// 120.7/121.0, buy 123.4/127.3, handoff 119.5/119.7, dashboard 129.3/129.8, refill 127.6/128.0,
// reconnect 125.4/125.8, litepay 128.6/129.3. Then the welcome tour drawn with the dashboard
// (+0.2 KB) and pages compressed at brotli 6 (-0.1 to -0.6 KB): dollargeneral 120.5/120.8, buy
// 123.0/126.7, handoff 119.4/119.7, dashboard 129.3/129.7, refill 127.4/127.8, reconnect
// 125.2/125.6, litepay 128.4/129.1. Then the first screen's style sheets written into the page
// (`bff::web::styles`; the sheets' own requests and their headers gone): dollargeneral
// 119.8/120.1, buy 121.6/126.1, handoff 118.8/119.0, dashboard 128.1/128.5, refill 125.9/126.3,
// reconnect 123.8/124.1, litepay 125.9/126.6. Each ceiling about 1.5 KB above the larger figure
// (dashboard: the target). The history of each figure is in docs/benchmarks.md "First-load bytes".
const CEILING: Record<string, number> = { dollargeneral: 121.5 * 1024, buy: 127.5 * 1024, handoff: 120.5 * 1024, dashboard: TARGET, refill: 128 * 1024, reconnect: 125.5 * 1024, litepay: 128 * 1024 };

interface Entry {
  /** Where the customer lands. */
  path: (locale: string) => string;
  /** Harness start of the scenario that puts the customer there (not counted). */
  start?: (locale: string) => string;
  /** What happens before, in the same browser (not counted): e.g. signing in. */
  prepare?: (page: Page, locale: string) => Promise<void>;
  /** The first screen, drawn and filled from content. */
  firstScreen: string;
}

/** Signs in as the owner of one account through the simulated provider: the dashboard. */
async function signInOwnerOne(page: Page, l: string) {
  await signIn(page, l, 'owner-one');
}

/** Signs in as `identity` (one account) through the simulated provider: its dashboard. */
async function signIn(page: Page, l: string, identity: string) {
  await page.goto(`/${l}/handoff`);
  await page.locator('[data-page="handoff"] button').first().click();
  await page.waitForURL(/\/sim\/identity\/authorize\?/);
  await page.locator(`input[name="identity"][value="${identity}"]`).check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`**/${l}/dashboard**`);
  await page.locator('[data-page="dashboard"][data-stage="show"]').waitFor();
}

const ENTRIES: Record<string, Entry> = {
  dollargeneral: {
    path: (l) => `/${l}/dollargeneral`,
    firstScreen: '[data-stage="addressCheck"] h1',
  },
  buy: {
    // the buy flow starts from an address the marketing site checked (harness start page)
    path: (l) => `/${l}/buy`,
    start: (l) => `/harness/start/buy/happy-promo-accepted?locale=${l}`,
    // the entry kept the link's location (without one, `/buy` is the address check)
    prepare: async (page) => {
      await page.waitForFunction(() => sessionStorage.getItem('pp.buy.locationId') !== null);
    },
    firstScreen: '[data-page="internet"] h1, [data-page="direct-promo"] h1',
  },
  handoff: {
    path: (l) => `/${l}/handoff`,
    firstScreen: '[data-page="handoff"] h1',
  },
  dashboard: {
    // signed in as the owner of one account through the simulated provider
    path: (l) => `/${l}/dashboard`,
    prepare: signInOwnerOne,
    firstScreen: '[data-page="dashboard"][data-stage="show"] h1, [data-page="dashboard"][data-stage="show"] h2',
  },
  refill: {
    // the refill page of the same sign-in, its first screen with the BFF's cart drawn
    path: (l) => `/${l}/refill`,
    prepare: signInOwnerOne,
    firstScreen: '[data-page="customize"] #refill-cart-heading',
  },
  reconnect: {
    // the reconnect page of the deactivated owner, its steps drawn from the BFF's check
    path: (l) => `/${l}/reconnect`,
    prepare: (page, l) => signIn(page, l, 'deactivated'),
    firstScreen: 'section.reconnect [data-testid="step-address"]',
  },
  litepay: {
    // no sign-in: the entry loads content and goes on to /litepay/refill, whose first step is drawn
    path: (l) => `/${l}/litepay`,
    firstScreen: '[data-page="refill"] [data-testid="find-next"]',
  },
};

/** Bytes of one response on the wire: headers plus the (compressed) body. */
async function wireBytes(response: Response): Promise<number> {
  const sizes = await response.request().sizes();
  return sizes.responseHeadersSize + sizes.responseBodySize;
}

async function firstLoad(page: Page, entry: Entry, locale: string) {
  if (entry.start || entry.prepare) {
    if (entry.start) {
      await page.goto(entry.start(locale));
      await page.waitForURL(`**${entry.path(locale)}**`);
    }
    await entry.prepare?.(page, locale);
    // back to an empty cache and a clean count: the start page wrote what the marketing site
    // leaves in sessionStorage, which stays
    await page.goto('about:blank');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  // a warm server, as customers meet it: the page's content in the BFF's content cache, so the
  // page carries it inline (a cold BFF on a loaded machine can miss its wait for the content
  // service and send the page without it; the app then asks for it, which is not what is measured)
  expect((await page.request.get(entry.path(locale))).ok()).toBe(true);
  // the page notes when its first screen is drawn (the selector matches with text), so what it
  // asks for afterwards is not counted however late the test sees the screen on a busy machine
  await page.addInitScript((selector) => {
    const w = window as unknown as { __firstScreenAt?: number };
    const check = () => {
      if (w.__firstScreenAt === undefined && document.querySelector(selector)?.textContent?.trim()) {
        w.__firstScreenAt = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }, entry.firstScreen);
  const seen: Promise<{ url: string; href: string; bytes: number }>[] = [];
  let done = false;
  page.on('response', (r) => {
    const url = new URL(r.url()).pathname;
    // harness mode only (the active-scenario badge's loader of a route started from the harness):
    // production pages never name it
    if (!done && !url.startsWith('/harness/')) seen.push(wireBytes(r).then((bytes) => ({ url, href: r.url(), bytes })));
  });
  await page.goto(entry.path(locale));
  await expect(page.locator(entry.firstScreen).first()).toBeVisible();
  await expect(page.locator(entry.firstScreen).first()).not.toBeEmpty();
  done = true;
  // the requests started before the first screen (resource timing; the document is not an entry)
  const before = await page.evaluate(() => {
    const at = (window as unknown as { __firstScreenAt?: number }).__firstScreenAt ?? performance.now();
    return performance.getEntriesByType('resource').filter((e) => e.startTime <= at).map((e) => e.name);
  });
  const responses = await Promise.all(seen);
  return responses.filter((r, i) => i === 0 || before.includes(r.href));
}

for (const [name, entry] of Object.entries(ENTRIES)) {
  const ceiling = CEILING[name];
  if (ceiling === undefined) throw new Error(`budget.spec.ts: ENTRIES.${name} has no CEILING`);
  for (const locale of ['en', 'es']) {
    test(`first load of /${locale}/${name} stays under ${ceiling / 1024} KB on the wire`, async ({ browser }) => {
      // a new context: an empty cache, as for a first visit
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      const responses = await firstLoad(page, entry, locale);
      await context.close();
      const total = responses.reduce((sum, r) => sum + r.bytes, 0);
      const lines = responses.map((r) => `${String(r.bytes).padStart(7)}  ${r.url}`).join('\n');
      test.info().annotations.push({ type: 'bytes', description: `${total} B\n${lines}` });
      const gap = total > TARGET ? `, ${((total - TARGET) / 1024).toFixed(1)} KB above the ${TARGET / 1024} KB target` : '';
      console.log(`first load /${locale}/${name}: ${(total / 1024).toFixed(1)} KB${gap}\n${lines}`);
      // the page's content came with it: no content bundle call before the first screen (the
      // plan-tier label depends on the plan the BFF offers, so it is asked for)
      const contentCalls = responses.filter((r) => r.url.startsWith('/-/api/') && !r.url.endsWith('/broadband-facts'));
      expect(contentCalls.map((r) => r.url)).toEqual([]);
      // the first screen's style sheets are written into the page (`bff::web::styles`): none
      // is a request of its own, which would hold the first paint for a round trip
      expect(responses.filter((r) => r.url.endsWith('.css')).map((r) => r.url)).toEqual([]);
      expect(total).toBeLessThanOrEqual(ceiling);
    });
  }
}
