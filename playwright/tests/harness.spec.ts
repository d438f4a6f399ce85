import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { flows, scenarios } from '../lib/scenarios';
import { CONSOLE_TEXTS } from '../../web/src/flows/harness/texts';
import { BADGE_TEXTS } from '../../web/src/components/harnessBadgeTexts';

/**
 * The scenario console (issue 15 §1) as QA uses it: find a scenario by business code in Spanish,
 * start it in Spanish, see the active-scenario badge, reset it. The scenario is the first
 * retail one naming a code, read from the files: this test asserts the console, not the
 * scenario's outcome (the flow's own specs and stories do).
 */
test('QA finds a scenario by business code in the Spanish console, starts it in Spanish and sees its badge', async ({ page, context }) => {
  const target = flows()
    .flatMap((flow) => scenarios<unknown>(flow))
    .find((s) => s.flow === 'retail' && s.codes.length > 0);
  if (!target) throw new Error('no retail scenario names a business code');
  const code = target.codes[0]!;
  const t = CONSOLE_TEXTS.es;
  const b = BADGE_TEXTS.es;

  await page.goto('/es/harness');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await page.getByRole('searchbox', { name: t.searchLabel }).fill(code.toLowerCase().replace(/_/g, '-'));
  const row = page.locator(`[data-scenario="${target.id}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-codes]')).toContainText(code);
  // every scenario left names the code, or has it in its title or id
  const left = await page.locator('[data-scenario]').evaluateAll((items) => items.map((li) => li.textContent ?? ''));
  expect(left.length).toBeGreaterThan(0);
  for (const text of left) expect(text.toLowerCase().replace(/_/g, '-')).toContain(code.toLowerCase().replace(/_/g, '-'));
  await expectNoAxeViolations(page, 'console in Spanish, searched by code');

  await row.getByRole('link', { name: `${t.startEs}: ${target.title}` }).click();
  await page.waitForURL(`**/es${target.start}`);
  await expect(page.locator('script[src="/harness/badge.js"]')).toHaveCount(1);
  const badge = page.getByRole('complementary', { name: b.label });
  await expect(badge).toContainText(target.id, { timeout: 20_000 });
  await expect(badge.getByRole('link', { name: b.console })).toHaveAttribute('href', '/es/harness');
  await expectNoAxeViolations(page, 'start page with the badge');

  // reset, by keyboard: the cookies go, the page stays
  await badge.getByRole('button', { name: b.reset }).focus();
  await page.keyboard.press('Enter');
  await expect(badge.getByRole('status')).toHaveText(b.resetDone);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('sim_scenario');
  await page.reload();
  await expect(page.locator('h1').first()).toBeVisible();
  // without a scenario the page names no badge loader, so no badge can come
  await expect(page.locator('script[src="/harness/badge.js"]')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: b.label })).toHaveCount(0);
});
