import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now; any violation fails the test with its ids and targets.
 * Legacy mode: axe checks the page and its same-origin frames from the page itself (the card
 * entry comes through the BFF, same origin) instead of opening a blank page per run to merge
 * frame results, which halved the time of each run; it finds the same nodes here.
 * `exclude`: selectors left out (e.g. a story's stand-in of the card-entry frame).
 */
export async function expectNoAxeViolations(page: Page, label: string, exclude: string[] = []): Promise<void> {
  // a page without frames needs no merging: the cheaper check below finds the same
  if (page.frames().length === 1) return expectNoAxeViolationsHere(page, label, exclude);
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations at ${label}`).toEqual([]);
}

const seen = new Set<string>();

/**
 * Like {@link expectNoAxeViolations}, but once per worker for each `key` (e.g. stage and
 * locale): intermediate stages that many scenarios pass through unchanged are checked once,
 * which keeps the suite fast. Final states are checked every time with the plain version.
 */
export async function expectNoAxeViolationsOnce(page: Page, key: string): Promise<void> {
  if (seen.has(key)) return;
  seen.add(key);
  await expectNoAxeViolations(page, key);
}

// axe-core's own script, injected once per document by `expectNoAxeViolationsHere`
const axeSource = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The same check as {@link expectNoAxeViolations} for a page without frames to merge (the
 * Storybook smoke: a story's canvas; any portal page without the card-entry frame): axe-core is injected once per document and asked for
 * violations only. Measured on 30 stories: about 240 ms a check instead of about 430 ms
 * (`AxeBuilder` injects axe again on every run and sends back every pass, node by node).
 */
export async function expectNoAxeViolationsHere(page: Page, label: string, exclude: string[] = []): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (exclude) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run({ include: [document], exclude: exclude.map((s) => [s]) }, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, exclude);
  expect(violations, `axe violations at ${label}`).toEqual([]);
}
