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

// A fresh browser context per story spent most of its ~10 s loading the preview bundle and
// registering MSW's service worker again. Stories run in chunks instead: one page per chunk,
// so the bundle comes from the cache and the worker stays registered; each story is a step.
const CHUNKS = 6;
const chunks = Array.from({ length: CHUNKS }, (_, i) => stories.filter((_, j) => j % CHUNKS === i)).filter((c) => c.length);

test.describe.configure({ mode: 'parallel' });

chunks.forEach((chunk, i) => {
  test(`stories, part ${i + 1} of ${chunks.length}: ${chunk.length} stories`, async ({ page }) => {
    test.setTimeout(30_000 * chunk.length);
    let errors: string[] = [];
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
    // the current render of the preview: story id and phase
    const render = () =>
      page.evaluate(() => {
        const preview = (window as unknown as {
          __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
        }).__STORYBOOK_PREVIEW__;
        return `${preview?.currentRender?.id ?? ''} ${preview?.currentRender?.phase ?? 'none'}`;
      });
    for (const story of chunk) {
      await test.step(`${story.title} / ${story.name}`, async () => {
        errors = [];
        // a reload per story and empty storage keep stories isolated (switching stories over
        // the Storybook channel was faster but let one story's state leak into the next)
        if (page.url().startsWith('http')) await page.evaluate(() => (sessionStorage.clear(), localStorage.clear()));
        await page.goto(`/iframe.html?id=${story.id}&viewMode=story`);
        await expect.poll(render, { timeout: 30_000 }).toMatch(new RegExp(`^${story.id} (completed|finished|errored|aborted)$`));
        expect(await render(), story.id).not.toMatch(/errored|aborted/);
        await expect(page.locator('body')).not.toHaveClass(/sb-show-errordisplay/);
        await expect(page.locator('#storybook-root')).not.toBeEmpty();
        expect(errors, story.id).toEqual([]);
      });
    }
  });
});
