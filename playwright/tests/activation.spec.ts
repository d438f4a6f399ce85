import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe';
import { englishReference, expectSpanishOnly } from '../lib/i18n';
import { allContent } from '../lib/content';
import { signIn } from '../lib/signin';

/**
 * Activation in the browser (issue 12; seed 001 §2, §4 "Activation", §5): sign in as an account
 * needing activation; the dashboard's account-state page leaves for the steps by itself; the
 * account is activated against the simulators and the dashboard follows. One journey per
 * language, each in a run of its own (a harness scenario start), axe on each state. Every
 * scenario's own outcome is asserted over HTTP (bff/tests/it/activation.rs) and every state of
 * the pages in stories (Activation.stories.tsx).
 */

const ACCOUNT = '8993100000000202';

/** The texts of the activation bundle these walks look for, by group. */
const USED = {
  activate: ['button', 'waitingForModem'],
  steps: ['firstName', 'lastName', 'macLabel', 'macSubmit'],
} as const;
type Texts = { [G in keyof typeof USED]: Record<(typeof USED)[G][number], string> };

/** The texts of `USED` in `locale`; fails naming the text when the bundle lacks one. */
async function activationTexts(page: Page, locale: string): Promise<Texts> {
  const prefix = locale === 'es' ? '/-/api/es' : '/-/api';
  const res = await page.request.get(`${prefix}/my.prepaid/activation`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { activation: { group: string; items: { key: string; value: string }[] }[] };
  const text = (group: string, key: string): string => {
    const value = body.activation.find((g) => g.group === group)?.items.find((i) => i.key === key)?.value;
    if (value === undefined) throw new Error(`activation content (${locale}) has no ${group}.${key}`);
    return value;
  };
  const pick = <K extends string>(group: string, keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, text(group, k)])) as Record<K, string>;
  return { activate: pick('activate', USED.activate), steps: pick('steps', USED.steps) };
}

/**
 * Resolves once the success banner has shown. It shows for 1 s only, so it is watched from
 * inside the page, on every DOM change, from before the click (a check from here could come
 * after it on a busy machine). Its axe check is the smoke's, on the success stories.
 */
function successShown(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const shown = () => !!document.querySelector('[data-page="activation"][data-stage="success"]');
        if (shown()) return resolve();
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
  );
}

async function toSteps(page: Page, locale: string, scenario: string, bhr = false): Promise<Texts> {
  const c = await activationTexts(page, locale);
  await signIn(page, locale, 'owner-several', { scenario, account: ACCOUNT, bhr });
  await expect(page.locator('[data-page="dashboard"][data-stage="activation"]')).toBeVisible({ timeout: 20_000 });
  await page.waitForURL(new RegExp(`/${locale}/activation\\?accountId=`));
  await expect(page.locator('[data-page="activation"][data-stage="steps"]')).toBeVisible({ timeout: 20_000 });
  return c;
}

test('en: a non-VAN account, its modem located, activated by keyboard', async ({ page }) => {
  const c = await toSteps(page, 'en', 'activation/found-device');
  await expect(page.getByTestId('device-located')).toBeVisible();
  const activate = page.getByRole('button', { name: c.activate.button });
  await expect(activate).toBeEnabled();
  await expectNoAxeViolations(page, 'activation steps, located (en)');
  // by keyboard: from the top of the page, Tab until Activate has the focus, then Enter
  await page.locator('body').focus();
  for (let i = 0; i < 80 && !(await activate.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(activate).toBeFocused();
  const shown = successShown(page);
  await page.keyboard.press('Enter');
  await shown;
  await page.waitForURL(/\/en\/dashboard\?accountId=/);
  await expect(page.locator('[data-page="dashboard"][data-stage="show"]')).toBeVisible({ timeout: 20_000 });
});

test('es: a VAN account, its modem not located: names, the typed MAC, activated', async ({ page }) => {
  const c = await toSteps(page, 'es', 'activation/van-mac-typed');
  await expectSpanishOnly(page, await englishReference(page.request), 'activation steps es');
  const activate = page.getByRole('button', { name: c.activate.button });
  await expect(activate).toBeDisabled();
  await page.getByRole('textbox', { name: c.steps.firstName }).fill('Ana');
  await page.getByRole('textbox', { name: c.steps.lastName }).fill('Ruiz');
  const mac = page.getByRole('textbox', { name: c.steps.macLabel });
  await mac.pressSequentially('a4b1-0000-0202');
  await expect(mac).toHaveValue('A4:B1:00:00:02:02');
  await expectNoAxeViolations(page, 'activation steps, MAC typed (es)');
  await page.getByRole('button', { name: c.steps.macSubmit }).click();
  await expect(page.getByTestId('mac-accepted')).toContainText('A4:B1:00:00:02:02');
  await expect(activate).toBeEnabled();
  const answered = page.waitForResponse((r) => r.url().endsWith(`/secure2/accounts/${ACCOUNT}/activation`) && r.request().method() === 'POST');
  const shown = successShown(page);
  await activate.click();
  const result = await answered;
  expect(result.status()).toBe(200);
  expect(result.request().postDataJSON()).toEqual({ firstName: 'Ana', lastName: 'Ruiz', language: 'SPANISH' });
  expect(((await result.json()) as { outcome: string }).outcome).toBe('success');
  await shown;
  await page.waitForURL(/\/es\/dashboard\?accountId=/);
  await expect(page.locator('[data-page="dashboard"][data-stage="show"]')).toBeVisible({ timeout: 20_000 });
});

test('en: behind the modem, on a controlled clock: the page polls the ping file every 10 s until it answers 200', async ({ page }) => {
  await page.clock.install();
  // the page's own (fake) time of each fetch of the ping file: a reading taken from here would
  // race the page's clock on a busy machine
  await page.addInitScript(() => {
    const at: number[] = [];
    (window as unknown as { __pingTimes: number[] }).__pingTimes = at;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/sim/activation/ping')) at.push(Date.now());
      return fetch(input, init);
    };
  });
  const c = await toSteps(page, 'en', 'activation/behind-the-modem', true);
  expect(page.url()).toContain('bhr=true');
  const pings: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/sim/activation/ping') pings.push(r.status());
  });
  const shown = successShown(page);
  await page.getByRole('button', { name: c.activate.button }).click();
  // the modem restarts: the first fetch of the ping file fails, the page waits for it
  const waiting = page.locator('[data-page="activation"][data-stage="waiting-for-modem"]');
  await expect(waiting).toContainText(c.activate.waitingForModem);
  await expect.poll(() => pings).toEqual([503]);
  // 10 s of the page's time pass at once; the next fetch answers 200
  await page.clock.runFor(11_000);
  await shown;
  expect(pings).toEqual([503, 200]);
  const at = await page.evaluate(() => (window as unknown as { __pingTimes: number[] }).__pingTimes);
  expect(at).toHaveLength(2);
  expect(at[1]! - at[0]!, 'the second fetch 10 s after the first').toBeGreaterThanOrEqual(10_000);
  // the success banner for 1 s, then the dashboard
  await page.waitForURL(/\/en\/dashboard\?accountId=/);
});

for (const locale of ['en', 'es'] as const) {
  test(`/activation/permission-error is the permission-error page, not the 404 [${locale}]`, async ({ page, request }) => {
    const c = await allContent(request, locale);
    await signIn(page, locale, 'non-owner', { content: c });
    await page.waitForURL(new RegExp(`/${locale}/permission-error$`));
    const response = await page.goto(`/${locale}/activation/permission-error`);
    expect(response?.status()).toBe(200);
    const p = page.locator('[data-page="permission-error"]');
    await expect(p.getByRole('heading', { level: 1, name: c.permissionError.title })).toBeVisible();
    const identity = p.getByTestId('identity');
    await expect(identity).toContainText(c.permissionError.nameLabel);
    await expect(identity.locator('dt', { hasText: c.permissionError.mobileLabel }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^\d{3}-\d{3}-\d{4}$/);
    await expect(page.locator('[data-page="notFound"]')).toHaveCount(0);
    await expectNoAxeViolations(page, `activation permission error ${locale}`);
    if (locale === 'es') await expectSpanishOnly(page, await englishReference(page.request), 'activation permission error');
  });
}
