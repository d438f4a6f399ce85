import { expect, test, type Request } from '@playwright/test';
import { choose, walkBuy, type BuyInput } from '../lib/buy';
import { text, type Content } from '../lib/content';
import { scenario } from '../lib/scenarios';

// Submit order answers after 1.5 s in this scenario: time for a double click and a reload.
const slow = scenario<BuyInput>('buy/submit-order-slow');
const ACTIVATION = 'prepaid-customer-activation';

/** Header `name` of a request the app sent; fails naming it when the app left it out. */
function header(r: Request, name: string): string {
  const value = r.headers()[name];
  if (value === undefined) throw new Error(`${r.method()} ${r.url()} was sent without ${name}`);
  return value;
}

test('a double click, a reload mid-submit and a replayed request place one order', async ({ page, request }) => {
  test.setTimeout(90_000);
  const c = (await (await request.get('/-/api/my.prepaid/buyflow')).json()) as Content;
  await page.goto(`/harness/start/${slow.id}?locale=en`);
  await walkBuy(page, { ...slow, input: { ...slow.input, submit: false } }, c, 'en');

  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes(ACTIVATION)) sent.push(r);
  });
  const review = page.locator('[data-page="order-review"]');
  const consent = review.getByRole('checkbox', { name: text(c, 'review.consent') });
  const complete = review.getByRole('button', { name: text(c, 'review.completePurchase') });
  await choose(consent);

  // double click: the first press starts the attempt and swaps in the submitting screen
  const first = page.waitForRequest((r) => r.url().includes(ACTIVATION));
  await complete.dblclick();
  await first;
  expect(sent).toHaveLength(1);

  // reload while the BFF still waits on the provider; the attempt key survives in sessionStorage
  await page.reload();
  await expect(review).toBeVisible();
  await choose(consent);
  const answered = page.waitForResponse((r) => r.url().includes(ACTIVATION));
  await complete.click();
  const answer = (await (await answered).json()) as { outcome: string; orderNumber: string };
  expect(answer.outcome).toBe('placed');
  await expect(page.locator('[data-page="order-confirmation"]')).toBeVisible();
  await expect(page.getByText(answer.orderNumber)).toBeVisible();

  const keys = sent.map((r) => header(r, 'idempotency-key'));
  expect(keys).toHaveLength(2);
  expect(new Set(keys).size, 'one attempt key for the double click and the reload').toBe(1);

  // a client retrying the same request gets the first answer; a changed body under the key is refused
  const [key] = keys;
  const last = sent[1];
  if (key === undefined || !last) throw new Error('the two activation requests were not both recorded');
  const headers = {
    'content-type': 'application/json',
    'idempotency-key': key,
    'x-xsrf-token': header(last, 'x-xsrf-token'),
    trackingid: header(last, 'trackingid'),
    source: 'DIGITAL2.0',
  };
  const body = last.postDataJSON() as Record<string, unknown>;
  const replay = await page.request.post(last.url(), { headers, data: body });
  expect(replay.status()).toBe(200);
  expect(await replay.json()).toEqual(answer);
  const changed = await page.request.post(last.url(), { headers, data: { ...body, smsOptIn: !body.smsOptIn } });
  expect(changed.status()).toBe(422);
  expect(((await changed.json()) as { errorCode: string }).errorCode).toBe('IDEMPOTENCY_MISMATCH');
});
