import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Request } from '@playwright/test';
import { STORYBOOK_DIR } from '../playwright.config';
import { expectNoAxeViolationsHere } from '../lib/axe';
import { flows, scenarios } from '../lib/scenarios';

// Smoke run over every story of the built Storybook: each renders, its play function (which
// walks the flow on recorded simulator answers) finishes without throwing, nothing is logged
// as an error, and the state it ends in is axe-clean (every state of every page, in en and es).
const indexFile = fileURLToPath(new URL(`../../${STORYBOOK_DIR}/index.json`, import.meta.url));
const entries: Array<{ id: string; type: string; title: string; name: string; tags?: string[] }> = existsSync(indexFile)
  ? Object.values(JSON.parse(readFileSync(indexFile, 'utf8')).entries)
  : [];
const allStories = entries.filter((e) => e.type === 'story');
// `PW_STORY=<text>` runs only the stories whose id contains it (e.g. `buy-scenarios`)
const stories = allStories.filter((e) => e.id.includes(process.env.PW_STORY ?? ''));

test('the Storybook build has stories', () => {
  expect(allStories.length, `${STORYBOOK_DIR}/index.json lists stories`).toBeGreaterThan(0);
});

// The browser suite walks one scenario per outcome class; every scenario's own outcome is
// asserted by its scenario story (tag `scenario`, title `<Flow>/Scenarios`, one export per
// situation, e.g. `CardExpired` for `buy/card-expired`).
// Flows whose scenarios have no recorder in `xtask record` yet, so no scenario stories: their
// every scenario is asserted over HTTP instead (in the flow's BFF integration test), and the
// browser walks one per outcome class.
const WITHOUT_RECORDER: string[] = ['activation', 'payments', 'refill', 'reconnect', 'litepay', 'move'];

test('every scenario has its scenario story', () => {
  const bare = (text: string) => text.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const have = new Set(entries.filter((e) => e.tags?.includes('scenario')).map((e) => bare(e.id.replace('-scenarios--', '/'))));
  const recorded = flows().filter((flow) => !WITHOUT_RECORDER.includes(flow));
  const missing = recorded.flatMap((flow) => scenarios(flow).map((s) => s.id)).filter((id) => !have.has(bare(id)));
  expect(missing, 'scenarios without a story in web/src/flows/<flow>/<Flow>Scenarios.stories.tsx').toEqual([]);
});

// A fresh browser context per story spent most of its ~10 s loading the preview bundle and
// registering MSW's service worker again. Stories run in chunks instead: one page per chunk,
// so the bundle comes from the cache and the worker stays registered; each story is a step.
// Chunks of a fixed size keep the tests short enough to spread evenly over the workers.
const CHUNK = 12;
const chunks = Array.from({ length: Math.ceil(stories.length / CHUNK) }, (_, i) => stories.slice(i * CHUNK, (i + 1) * CHUNK));

test.describe.configure({ mode: 'parallel' });

chunks.forEach((chunk, i) => {
  test(`stories, part ${i + 1} of ${chunks.length}: ${chunk.length} stories`, async ({ page }) => {
    test.setTimeout(30_000 * chunk.length);
    let errors: string[] = [];
    // MSW's start calls registration.update() without awaiting it; when the next story's reload
    // overtakes it, Chromium rejects it with "Not found" (the app plays no part; seen in about
    // one story of fifty under load)
    const workerUpdate = /^(Uncaught \(in promise\) )?(InvalidStateError: )?Failed to update a ServiceWorker for scope .*: Not found$/;
    page.on('pageerror', (e) => {
      if (!workerUpdate.test(e.message)) errors.push(e.message);
    });
    page.on('console', (m) => {
      // Chromium logs every non-2xx resource; error-state stories replay recorded 502s on
      // purpose, and the browser's own favicon probe 404s. Unrecorded calls are caught below.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && !workerUpdate.test(m.text())) errors.push(m.text());
    });
    // calls the page has made and not yet had answered (or failed)
    const pending = new Set<Request>();
    page.on('request', (r) => void pending.add(r));
    page.on('requestfinished', (r) => void pending.delete(r));
    page.on('requestfailed', (r) => void pending.delete(r));
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      const api = /^\/(secure2?|oauth|-\/api|token|van-service-api)(\/|$)/.test(path);
      if (api && r.status() === 404) errors.push(`call with no recorded answer: ${r.request().method()} ${path}`);
    });
    // the current render of the preview: story id and phase, once it has ended (checked on
    // every animation frame in the page: polling from here waited up to a second too long)
    const ended = async (id: string) =>
      (
        await page.waitForFunction(
          (story) => {
            const render = (window as unknown as {
              __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
            }).__STORYBOOK_PREVIEW__?.currentRender;
            const done = render?.id === story && /^(completed|finished|errored|aborted)$/.test(render.phase ?? '');
            return done && `${render.id} ${render.phase}`;
          },
          id,
          { timeout: 30_000 },
        )
      ).jsonValue();
    for (const [n, story] of chunk.entries()) {
      await test.step(`${story.title} / ${story.name}`, async () => {
        errors = [];
        // The chunk's first story loads the preview; the next ones are switched to over the
        // Storybook channel, as the Storybook UI does (about 0.3 s a story less than a reload).
        // Each story renders the whole app afresh (its own query cache and in-memory router);
        // what a page keeps beyond it, its storage, is emptied between stories.
        // `PW_STORY_RELOAD=1` reloads before every story instead, to tell a leak from a defect.
        // A story that left a call unanswered (a loading state's never-answering handler) or
        // moved the preview's own address is followed by a reload: that call must not be
        // answered into the next story.
        if (page.url().startsWith('http')) await page.evaluate(() => (sessionStorage.clear(), localStorage.clear()));
        const previous = chunk[n - 1];
        const moved = () => new URL(page.url()).searchParams.get('id') !== previous?.id;
        if (!previous || pending.size > 0 || moved() || process.env.PW_STORY_RELOAD) {
          await page.goto(`/iframe.html?id=${story.id}&viewMode=story`);
          pending.clear();
        } else {
          await page.evaluate((storyId) => {
            const preview = (window as unknown as { __STORYBOOK_PREVIEW__: { channel: { emit: (event: string, args: unknown) => void } } }).__STORYBOOK_PREVIEW__;
            preview.channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
          }, story.id);
        }
        expect(await ended(story.id), story.id).not.toMatch(/errored|aborted/);
        await expect(page.locator('body')).not.toHaveClass(/sb-show-errordisplay/);
        await expect(page.locator('#storybook-root')).not.toBeEmpty();
        expect(errors, story.id).toEqual([]);
        // the stories' stand-in of the card-entry frame is no product page (the walks check the simulators' one)
        await expectNoAxeViolationsHere(page, story.id, ['[data-testid="card-frame"]']);
      });
    }
  });
});
