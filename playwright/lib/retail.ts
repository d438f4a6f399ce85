import { expect, type Page, type Response } from '@playwright/test';
import { expectNoAxeViolationsOnce } from './axe';
import { text, type Content } from './content';
import type { Scenario } from './scenarios';

const STAGE = '[data-stage]';
const stage = (page: Page, name: string) => page.locator(`[data-stage="${name}"]`);
const exact = (s: string) => new RegExp(`^\\s*${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

function responseTo(page: Page, path: string): Promise<Response | null> {
  return page.waitForResponse((r) => r.url().includes(path), { timeout: 20_000 }).catch(() => null);
}

/**
 * Walks the retail starter-kit flow as a customer would, with the scenario's input, running axe
 * on every stage it reaches (and `onState`, when given). Returns when the flow has settled on its
 * final stage or page.
 */
export async function walkRetail(
  page: Page,
  scenario: Scenario,
  content: Content,
  locale: string,
  onState?: (state: string) => Promise<void>,
): Promise<void> {
  const { input } = scenario;
  const axe = async (stageName: string) => {
    await expectNoAxeViolationsOnce(page, `${stageName} [${locale}]`);
    await onState?.(stageName);
  };
  await expect(stage(page, 'addressCheck')).toBeVisible();
  await axe('addressCheck');

  const street = page.getByRole('combobox', { name: text(content, 'addressCheck.streetLabel') });
  await street.fill(input.street);
  await street.press('Escape');
  if (input.unit) await page.getByLabel(text(content, 'addressCheck.unitLabel')).fill(input.unit);
  await page.getByLabel(text(content, 'addressCheck.zipLabel')).fill(input.zip);

  const validated = responseTo(page, '/validate-customer-address');
  const checked = responseTo(page, '/validate-customer-serviceability');
  await page.getByRole('button', { name: text(content, 'addressCheck.submit') }).click();
  const validation = await (await validated)?.json().catch(() => null);

  if (validation?.outcome === 'multiple') {
    await expect(stage(page, 'addressMultiUnit')).toBeVisible();
    await axe('addressMultiUnit');
    if (!input.pickUnit) return;
    const radio = page.getByRole('radio', { name: exact(input.pickUnit) });
    const next = page.getByRole('button', { name: text(content, 'multiUnit.next') });
    // Page through as a customer would; the large building proves pagination and its ellipsis.
    if ((validation.customerInfos?.length ?? 0) > 70) {
      // More than 7 pages: the page list compacts with an ellipsis (seed 000 §2).
      await expect(page.locator('nav .pagination__ellipsis').first()).toBeVisible();
    }
    for (let i = 0; i < 12 && (await radio.count()) === 0; i++) await next.click();
    // Customers click the unit's visible label (the native radio is visually hidden).
    await page.locator('label').filter({ has: radio }).click();
    await expect(radio).toBeChecked();
    const afterPick = responseTo(page, '/validate-customer-serviceability');
    await page.getByRole('button', { name: text(content, 'multiUnit.confirm') }).click();
    await afterPick;
  } else if (validation?.outcome === 'single') {
    await checked;
  } else {
    return;
  }

  await expect(page.locator(`${STAGE}:not([data-stage="validateAddress"])`).first()).toBeVisible();
  if (!(await stage(page, 'serviceable').isVisible()) || !input.deviceCode) return;
  await axe('serviceable');

  await page.getByLabel(text(content, 'serviceable.deviceCodeLabel')).fill(input.deviceCode);
  await page.getByLabel(text(content, 'serviceable.phoneLabel')).fill(input.phone ?? '');
  const assigned = responseTo(page, '/van-service-api/assign');
  await page.getByRole('button', { name: text(content, 'serviceable.submit') }).click();
  await assigned;
  await expect(page.locator(`${STAGE}:not([data-stage="codeCheckSubmit"])`).first()).toBeVisible();

  if (await stage(page, 'readytobuy').isVisible()) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await axe('readytobuy heads-up');
    await dialog.getByRole('button', { name: text(content, 'readyToBuy.headsUpClose') }).click();
    await expect(dialog).toBeHidden();
  }
}
