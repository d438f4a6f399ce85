// Lighthouse (mobile preset, simulated throttling) on every entry route in both languages,
// against a running portal: `node scripts/bench-web.mjs http://127.0.0.1:8182 [route]`. Run through
// scripts/bench-web.sh, which builds, starts the release BFF and installs lighthouse and
// puppeteer-core into .bench/ (not part of the test command: timings are not stable).
//
// Each page is measured `BENCH_RUNS` times (default 3) and Lighthouse's own median run is
// reported (`computeMedianRun`: the run nearest the median FCP and time to interactive), as
// Lighthouse's guidance on variability advises: one run's total blocking time varies by 100 ms
// and more on this machine, which moves the score by several points. `BENCH_RUNS=1` for one.
//
// Prints: route, performance (the median run's, then the lowest and highest of all runs),
// accessibility, FCP, LCP, TBT, CLS, bytes on the wire, then the element each route's LCP was
// (Lighthouse's `largest-contentful-paint-element`). `BENCH_JSON=DIR` also writes each median run's
// full report to DIR (`en-litepay.json`, ...), for its network requests and LCP breakdown.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const base = process.argv[2];
const require = createRequire(join(process.cwd(), '.bench', 'package.json'));
const { default: lighthouse } = await import(require.resolve('lighthouse'));
const { computeMedianRun } = await import(join(dirname(require.resolve('lighthouse')), 'lib', 'median-run.js'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const puppeteer = require('puppeteer-core');

/** Signs in as `identity` through the simulated provider (its dashboard's first visit). */
const signInAs = (identity) => async (page, locale) => {
  await page.goto(`${base}/${locale}/handoff`, { waitUntil: 'networkidle0' });
  await Promise.all([page.waitForNavigation(), page.click('[data-page="handoff"] button')]);
  await page.click(`input[name="identity"][value="${identity}"]`);
  await Promise.all([page.waitForNavigation(), page.click('form button[type="submit"]')]);
  await page.waitForSelector('[data-page="dashboard"][data-stage="show"]');
};

/**
 * Entry routes; `start` is the harness page that leaves what the marketing site would,
 * `prepare` what happens before in the same browser (neither is measured).
 */
const allRoutes = [
  { path: (l) => `/${l}/dollargeneral` },
  { path: (l) => `/${l}/buy`, start: (l) => `/harness/start/buy/happy-promo-accepted?locale=${l}` },
  { path: (l) => `/${l}/handoff` },
  { path: (l) => `/${l}/dashboard`, prepare: signInAs('owner-one') },
  { path: (l) => `/${l}/refill`, prepare: signInAs('owner-one') },
  { path: (l) => `/${l}/reconnect`, prepare: signInAs('deactivated') },
  { path: (l) => `/${l}/litepay` },
];
// `node scripts/bench-web.mjs URL buy`: only the routes whose path has `buy`
const routes = allRoutes.filter((r) => r.path('en').includes(process.argv[3] ?? ''));

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

/**
 * One Lighthouse run of `route` in `locale`, in a fresh tab of a new browser context (no cookie
 * of an earlier run: a harness scenario a `start` page chose would otherwise stay active, and
 * its badge load with every later page) with an empty cache; its result.
 */
async function measure(route, locale) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (route.start) {
    await page.goto(base + route.start(locale), { waitUntil: 'networkidle0' });
  }
  await route.prepare?.(page, locale);
  // an empty cache; sessionStorage (the start page's) stays
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(base + route.path(locale), { disableStorageReset: true, logLevel: 'error' }, {
    extends: 'lighthouse:default',
    settings: { onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile', throttlingMethod: 'simulate' },
  }, page);
  await context.close();
  return result.lhr;
}

const rows = [];
const lcpElements = [];
for (const route of routes) {
  for (const locale of ['en', 'es']) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(route, locale));
    const median = computeMedianRun(runs);
    const { categories, audits } = median;
    if (process.env.BENCH_JSON) {
      mkdirSync(process.env.BENCH_JSON, { recursive: true });
      const name = `${route.path(locale).slice(1).replaceAll('/', '-')}.json`;
      writeFileSync(join(process.env.BENCH_JSON, name), JSON.stringify(median));
    }
    const scores = runs.map((r) => Math.round(r.categories.performance.score * 100));
    const ms = (id) => `${(audits[id].numericValue / 1000).toFixed(2)} s`;
    rows.push({
      route: route.path(locale),
      performance: `${Math.round(categories.performance.score * 100)} (${Math.min(...scores)}-${Math.max(...scores)})`,
      accessibility: Math.round(categories.accessibility.score * 100),
      FCP: ms('first-contentful-paint'),
      LCP: ms('largest-contentful-paint'),
      TBT: `${Math.round(audits['total-blocking-time'].numericValue)} ms`,
      CLS: audits['cumulative-layout-shift'].numericValue.toFixed(3),
      'KB on the wire': (audits['total-byte-weight'].numericValue / 1024).toFixed(1),
    });
    const lcp = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    lcpElements.push(`${route.path(locale)}: ${lcp ? `${lcp.selector} "${(lcp.nodeLabel ?? '').slice(0, 60)}"` : 'none'}`);
  }
}
await browser.close();
console.table(rows);
console.log(`LCP element:\n  ${lcpElements.join('\n  ')}`);
