import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { profile, syncUpClosedHandler } from '../../testing/account';
import type { ChangeResult, PaymentInfo } from '../../lib/paymentCard';
import type { CartChoices, PinDetails, PinRedemption, RefillConfirmation, RefillOffer, RefillResult } from './api';
import { ACCOUNT_ID, priced } from './fixtures';

export interface RefillCall {
  op: 'updateRefillCart' | 'submitRefill' | 'validateRefillPin' | 'redeemRefillPin' | 'addPaymentInstrument';
  body?: unknown;
  key?: string | null;
}

type Failure = { errorCode: string; status: number; message?: string };
type Answer<T> = T | Failure;

function reply<T>(a: Answer<T> | undefined) {
  if (a === undefined) return HttpResponse.json({ errorCode: 'UPSTREAM_ERROR', message: 'x', requestId: 'test' }, { status: 502 });
  if (a && typeof a === 'object' && 'errorCode' in a && 'status' in a) {
    const f = a as Failure;
    return HttpResponse.json({ errorCode: f.errorCode, message: f.message ?? f.errorCode, requestId: 'test' }, { status: f.status });
  }
  return HttpResponse.json(a as object);
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * MSW answers of the refill pages' calls, shaped as the BFF's contract: the profile names
 * [`ACCOUNT_ID`]; `offer` answers `getRefillOffer` with the cart last put (priced by the
 * fixtures' stand-in, `pricing` kept); `order`, `confirmation`, `validate`, `redeem`, `info`,
 * `change` the other calls (none: 502; `confirmation` none: 404 `NO_REFILL`). `calls` records
 * each change with its body and Idempotency-Key; `orderDelayMs` holds the order's answer.
 */
export function refillHandlers({
  offer,
  pricing,
  order,
  confirmation,
  validate,
  redeem,
  info,
  change,
  calls = [],
  orderDelayMs = 0,
}: {
  offer: Answer<RefillOffer>;
  pricing?: Parameters<typeof priced>[2];
  order?: Answer<RefillResult>;
  confirmation?: RefillConfirmation;
  validate?: Answer<PinDetails>;
  redeem?: Answer<PinRedemption>;
  info?: PaymentInfo;
  change?: ChangeResult;
  calls?: RefillCall[];
  orderDelayMs?: number;
}): HttpHandler[] {
  let current = offer;
  const base = '*/secure2/accounts/:accountId';
  return [
    http.get('*/secure2/profile', () => HttpResponse.json({ ...profile, accountId: ACCOUNT_ID })),
    syncUpClosedHandler(),
    http.get(`${base}/dashboard`, () => reply<object>({ errorCode: 'UPSTREAM_ERROR', status: 502 })),
    http.get(`${base}/refill`, () => reply(current)),
    http.put(`${base}/refill/cart`, async ({ request }) => {
      const body = (await bodyOf(request)) as CartChoices;
      calls.push({ op: 'updateRefillCart', body });
      if ('errorCode' in current) return reply(current);
      const cart = priced(current, body, pricing);
      current = { ...current, cart };
      return HttpResponse.json(cart);
    }),
    http.post(`${base}/refill/order`, async ({ request }) => {
      calls.push({ op: 'submitRefill', body: await bodyOf(request), key: request.headers.get('Idempotency-Key') });
      if (orderDelayMs) await delay(orderDelayMs);
      return reply(order);
    }),
    http.get(`${base}/refill/confirmation`, () =>
      confirmation ? HttpResponse.json(confirmation) : reply<object>({ errorCode: 'NO_REFILL', status: 404 }),
    ),
    http.post(`${base}/refill/pin/validate`, async ({ request }) => {
      calls.push({ op: 'validateRefillPin', body: await bodyOf(request) });
      return reply(validate);
    }),
    http.post(`${base}/refill/pin/redeem`, ({ request }) => {
      calls.push({ op: 'redeemRefillPin', key: request.headers.get('Idempotency-Key') });
      return reply(redeem);
    }),
    http.get(`${base}/payment-info`, () => reply(info)),
    http.post(`${base}/payment-instrument`, async ({ request }) => {
      calls.push({ op: 'addPaymentInstrument', body: await bodyOf(request), key: request.headers.get('Idempotency-Key') });
      if (change?.outcome === 'done' && !('errorCode' in current)) current = { ...current, savedCard: change.card };
      return reply(change);
    }),
  ];
}
