import { http, HttpResponse, type HttpHandler } from 'msw';
import { profile } from '../../testing/account';
import type { ChangeResult, PaymentHistory, PaymentInfo } from './api';
import { ACCOUNT_ID } from './fixtures';

export interface PaymentsCall {
  op: string;
  body?: unknown;
  key?: string | null;
}

type Answer<T> = T | { errorCode: string; status: number };

function reply<T>(a: Answer<T>) {
  if (a && typeof a === 'object' && 'errorCode' in a) {
    return HttpResponse.json({ errorCode: a.errorCode, message: a.errorCode, requestId: 'test' }, { status: a.status });
  }
  return HttpResponse.json(a as object);
}

/**
 * MSW answers of the payment pages' calls, shaped as the BFF's contract: the profile names
 * [`ACCOUNT_ID`]; `info` answers `getPaymentInfo`, `change` every change, `history(page)` the
 * history. `calls` records each change with its body and Idempotency-Key. A change answered
 * `done` is kept, as the BFF would: the next `getPaymentInfo` shows its card and auto-refill
 * (offered again after a cancel, no longer once enrolled).
 */
export function paymentsHandlers({
  info,
  change,
  history,
  calls = [],
}: {
  info: Answer<PaymentInfo>;
  change?: Answer<ChangeResult>;
  history?: (page: number) => Answer<PaymentHistory>;
  calls?: PaymentsCall[];
}): HttpHandler[] {
  let current = info;
  const changed = (op: string) =>
    http.post(`*/secure2/accounts/:accountId/${op}`, async ({ request }) => {
      const text = await request.text();
      calls.push({ op, body: text ? (JSON.parse(text) as unknown) : undefined, key: request.headers.get('Idempotency-Key') });
      if (change && 'outcome' in change && change.outcome === 'done' && !('errorCode' in current)) {
        const { card, autoRefillEnabled, lock } = change;
        const offered = !autoRefillEnabled && (current.autoEnrolOffered || current.autoRefillEnabled);
        current = { ...current, card, autoRefillEnabled, lock, autoEnrolOffered: offered };
      }
      return reply(change ?? { errorCode: 'UPSTREAM_ERROR', status: 502 });
    });
  return [
    http.get('*/secure2/profile', () => HttpResponse.json({ ...profile, accountId: ACCOUNT_ID })),
    http.get('*/secure2/accounts/:accountId/payment-info', () => reply(current)),
    http.get('*/secure2/accounts/:accountId/payment-history', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      return reply(history ? history(page) : { errorCode: 'UPSTREAM_ERROR', status: 502 });
    }),
    changed('payment-instrument'),
    changed('payment-instrument/update'),
    changed('payment-instrument/remove'),
    changed('auto-refill/enrol'),
    changed('auto-refill/cancel'),
  ];
}
