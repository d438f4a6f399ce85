import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { profile, syncUpClosedHandler } from '../../testing/account';
import type { ChangeResult } from '../../lib/paymentCard';
import type { Reconnect, ReconnectResult } from './api';
import { ACCOUNT_ID, paymentInfo, savedCard } from './fixtures';

export interface ReconnectCall {
  op: 'submitReconnect' | 'addPaymentInstrument';
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

/**
 * MSW answers of the reconnect page's calls, shaped as the BFF's contract: the profile names
 * [`ACCOUNT_ID`]; `check` answers `getReconnect` (a saved card added by `addPaymentInstrument`
 * shows in it afterwards), `submit` answers `submitReconnect` after `submitDelayMs`; `calls`
 * records the changes with their bodies and keys.
 */
export function reconnectHandlers({
  check,
  submit,
  calls = [],
  submitDelayMs = 0,
}: {
  check: Answer<Reconnect>;
  submit?: Answer<ReconnectResult>;
  calls?: ReconnectCall[];
  submitDelayMs?: number;
}): HttpHandler[] {
  let current = check;
  const base = '*/secure2/accounts/:accountId';
  return [
    http.get('*/secure2/profile', () => HttpResponse.json({ ...profile, accountId: ACCOUNT_ID })),
    syncUpClosedHandler(),
    http.get(`${base}/reconnect`, () => reply(current)),
    http.post(`${base}/reconnect`, async ({ request }) => {
      calls.push({ op: 'submitReconnect', body: (await request.json()) as unknown, key: request.headers.get('Idempotency-Key') });
      if (submitDelayMs) await delay(submitDelayMs);
      return reply(submit);
    }),
    http.get(`${base}/payment-info`, () => HttpResponse.json(paymentInfo)),
    http.post(`${base}/payment-instrument`, ({ request }) => {
      calls.push({ op: 'addPaymentInstrument', key: request.headers.get('Idempotency-Key') });
      if (!('errorCode' in current)) current = { ...current, savedCard };
      const done: ChangeResult = { outcome: 'done', card: savedCard, lock: { failures: 0, retryInMs: 0 } } as unknown as ChangeResult;
      return HttpResponse.json(done);
    }),
  ];
}
