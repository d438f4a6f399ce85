import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has focus (at most `limit` presses), as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'reachable by Tab').toBeFocused();
}
