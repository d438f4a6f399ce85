import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// Smoke run over every story of the built Storybook: each renders, its play function (which
// walks the flow on recorded simulator answers) finishes without throwing, and nothing is
// logged as an error.
const indexFile = fileURLToPath(new URL('../../storybook-static/index.json', import.meta.url));
const entries: Array<{ id: string; type: string; title: string; name: string }> = existsSync(indexFile)
  ? Object.values(JSON.parse(readFileSync(indexFile, 'utf8')).entries)
  : [];
const stories = entries.filter((e) => e.type === 'story');

test('the Storybook build has stories', () => {
  expect(stories.length, 'storybook-static/index.json lists stories').toBeGreaterThan(0);
});

for (const story of stories) {
  test(`story ${story.title} / ${story.name}`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // Chromium logs every non-2xx resource; error-state stories replay recorded 502s on
      // purpose, and the browser's own favicon probe 404s. Unrecorded calls are caught below.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      const api = /^\/(secure|oauth|-\/api|token|van-service-api)(\/|$)/.test(path);
      if (api && r.status() === 404) errors.push(`call with no recorded answer: ${r.request().method()} ${path}`);
    });
    await page.goto(`/iframe.html?id=${story.id}&viewMode=story`);
    const phase = () =>
      page.evaluate(
        () =>
          (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } })
            .__STORYBOOK_PREVIEW__?.currentRender?.phase ?? 'none',
      );
    await expect.poll(phase, { timeout: 30_000 }).toMatch(/^(completed|finished|errored|aborted)$/);
    expect(await phase()).not.toMatch(/errored|aborted/);
    await expect(page.locator('body')).not.toHaveClass(/sb-show-errordisplay/);
    await expect(page.locator('#storybook-root')).not.toBeEmpty();
    expect(errors).toEqual([]);
  });
}
