import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { flows, scenarios } from '../lib/scenarios';

test('plain /harness is the scenario console, which lists every scenario with a start link in both languages', async ({ page }) => {
  await page.goto('/harness');
  await expect(page).toHaveURL(/\/en\/harness$/);
  const listed = flows().flatMap((flow) => scenarios(flow)).map((s) => ({
    title: s.title,
    id: s.id,
    links: ['en', 'es'].map((locale) => `/harness/start/${s.id}?locale=${locale}`),
  }));
  await expect(page.locator('[data-scenario]')).toHaveCount(listed.length);
  // one read of the rows (a check per scenario and link took 10 s)
  const rows = await page.locator('[data-scenario]').evaluateAll((items) =>
    items.map((li) => ({
      title: li.querySelector('h4')?.textContent?.trim() ?? '',
      id: li.getAttribute('data-scenario') ?? '',
      links: [...li.querySelectorAll('a[data-start]')].map((a) => a.getAttribute('href')),
    })),
  );
  expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(listed.sort((a, b) => a.id.localeCompare(b.id)));
  // axe is not run on all 250 rows here (40 s of the suite for one row's markup repeated): the
  // console is checked searched down to a few rows (harness.spec.ts) and in its stories
});

test('the language toggle swaps the locale segment and keeps the rest of the path', async ({ page }) => {
  await page.goto('/en/dollargeneral');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const toggle = page.locator('header a[hreflang]');
  await expect(toggle).toHaveAttribute('href', '/es/dollargeneral');
  await toggle.click();
  await expect(page).toHaveURL(/\/es\/dollargeneral$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('header a[hreflang]')).toHaveAttribute('href', '/en/dollargeneral');
});

test('the merchant shell: no-index marker, footer with five links from English content', async ({ page, request }) => {
  const buyflow = await (await request.get('/-/api/my.prepaid/buyflow')).json();
  for (const locale of ['en', 'es']) {
    await page.goto(`/${locale}/dollargeneral`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const links = page.locator('footer a');
    await expect(links).toHaveCount(5);
    for (const [i, link] of buyflow.buyflowFooter.links.entries()) {
      await expect(links.nth(i)).toHaveText(link.label);
      await expect(links.nth(i)).toHaveAttribute('href', link.url);
      await expect(links.nth(i)).toHaveAttribute('target', link.target);
    }
    await expect(page.getByText(buyflow.buyflowFooter.copyright)).toBeVisible();
  }
});

test('analytics: each stage pushes a page view to window.dataLayer', async ({ page }) => {
  await page.goto('/harness/start/retail/existing-prepaid?locale=en');
  await expect(page.locator('[data-stage="addressCheck"]')).toBeVisible();
  const steps = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? [])
      .filter((e) => e.event === 'pageView')
      .map((e) => [e.flowType, e.step]),
  );
  expect(steps).toContainEqual(['buyflow|prepaid', 'addressCheck']);
});

test('unknown pages show the not-found page, bilingual, accessible', async ({ page, request }) => {
  for (const locale of ['en', 'es']) {
    const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
    const dict = await (await request.get(`${prefix}/my.prepaid/dictionary`)).json();
    await page.goto(`/${locale}/no-such-page`);
    await expect(page.getByRole('heading', { name: dict.notFound.title })).toBeVisible();
    await expectNoAxeViolations(page, `404 ${locale}`);
  }
});
