import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { STORYBOOK_DIR } from '../playwright.config';
import { expectNoAxeViolations } from '../lib/axe';
import { tabTo } from '../lib/keyboard';

// The dashboard's stories (web/src/flows/dashboard/Dashboard.stories.tsx, every state of seed
// 001 §2 "Dashboard" in en and es): their controls are reached and used by keyboard alone
// (each story is axe-clean: the smoke run, storybook.spec.ts, checks every story).
const indexFile = fileURLToPath(new URL(`../../${STORYBOOK_DIR}/index.json`, import.meta.url));
const entries: Array<{ id: string; type: string }> = existsSync(indexFile)
  ? Object.values(JSON.parse(readFileSync(indexFile, 'utf8')).entries)
  : [];
const stories = entries.filter((e) => e.type === 'story' && e.id.startsWith('dashboard--')).map((e) => e.id);

async function open(page: Page, id: string) {
  await page.goto(`/iframe.html?id=${id}&viewMode=story`);
  await page.waitForFunction(
    (story) => {
      const render = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } } })
        .__STORYBOOK_PREVIEW__?.currentRender;
      return render?.id === story && /^(completed|finished)$/.test(render.phase ?? '');
    },
    id,
    { timeout: 30_000 },
  );
}

test('the dashboard has its stories', () => {
  expect(stories.length).toBeGreaterThanOrEqual(30);
});

test('every control of a dashboard is reachable by Tab, in reading order', async ({ page }) => {
  for (const id of ['dashboard--acp-de-enrolled-en', 'dashboard--deactivated-es', 'dashboard--five-days-left-en']) {
    await open(page, id);
    const controls = page.locator('[data-page="dashboard"]').locator('a[href], button');
    const count = await controls.count();
    expect(count, id).toBeGreaterThan(3);
    // through the shell's header first, then one control after the other
    for (let i = 0; i < count; i++) await tabTo(page, controls.nth(i), i === 0 ? 40 : 5);
  }
});

test('the auto-refill badge opens and closes its modal by keyboard', async ({ page }) => {
  await open(page, 'dashboard--auto-refill-on-en');
  const badge = page.getByRole('button', { name: 'Auto refill on' });
  await tabTo(page, badge, 40);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Auto refill is on' });
  await expect(modal).toBeVisible();
  await expectNoAxeViolations(page, 'auto-refill modal');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(badge).toBeFocused();
});

test('the welcome tour is walked and closed by keyboard', async ({ page }) => {
  await open(page, 'dashboard--welcome-tour-es');
  const tour = page.getByRole('dialog', { name: 'Recorrido de bienvenida' });
  await expect(tour).toBeVisible();
  for (let n = 1; n <= 4; n++) {
    await tabTo(page, tour.getByRole('button', { name: 'Siguiente' }), 6);
    await page.keyboard.press('Enter');
    await expect(tour).toContainText(`Paso ${n}/4`);
  }
  await tabTo(page, tour.getByRole('button', { name: 'Listo' }), 6);
  await page.keyboard.press('Enter');
  await expect(tour).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('xpp_wt'))).not.toBeNull();
});
