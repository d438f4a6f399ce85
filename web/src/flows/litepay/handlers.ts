import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { LitepayCardResult, LitepayConfirmation, LitepayLookup, LitepayRefill, LitepayResult } from './api';
import { card as addedCard, broadbandFacts } from './fixtures';

export interface LitepayCall {
  op: 'lookupLitepayAccount' | 'addLitepayPaymentInstrument' | 'submitLitepayRefill';
  body?: unknown;
  key?: string | null;
}

type Failure = { errorCode: string; status: number; message?: string };
type Answer<T> = T | Failure;

function isFailure(a: unknown): a is Failure {
  return Boolean(a) && typeof a === 'object' && 'errorCode' in (a as object) && 'status' in (a as object);
}

function reply<T>(a: Answer<T> | undefined) {
  if (a === undefined) return HttpResponse.json({ errorCode: 'UPSTREAM_ERROR', message: 'x', requestId: 'test' }, { status: 502 });
  if (isFailure(a)) return HttpResponse.json({ errorCode: a.errorCode, message: a.message ?? a.errorCode, requestId: 'test' }, { status: a.status });
  return HttpResponse.json(a as object);
}

const notReady = { errorCode: 'REFILL_NOT_READY', status: 409 } as const;
const noRefill = { errorCode: 'NO_REFILL', status: 404 } as const;

/**
 * MSW answers of the quick refill's calls, shaped as the BFF's contract and kept like the BFF's
 * session: `lookups` answer the lookups in turn (the last one repeats); a found account is what
 * `getLitepayRefill` answers afterwards (409 `REFILL_NOT_READY` before, and after a miss);
 * `cards` answer the card adds in turn (default: added); `submit` the refill after
 * `submitDelayMs`; `located` starts with an account located (a reload); `confirmation` is the
 * session's last refill (404 `NO_REFILL` without). `calls` records the changes.
 */
export function litepayHandlers({
  lookups = [],
  cards = [],
  submit,
  submits = [],
  located,
  confirmation,
  calls = [],
  lookupDelayMs = 0,
  submitDelayMs = 0,
}: {
  lookups?: LitepayLookup[];
  cards?: Answer<LitepayCardResult>[];
  submit?: Answer<LitepayResult>;
  /** Answers of the submits in turn (before `submit`). */
  submits?: Answer<LitepayResult>[];
  located?: LitepayRefill;
  confirmation?: LitepayConfirmation;
  calls?: LitepayCall[];
  lookupDelayMs?: number;
  submitDelayMs?: number;
} = {}): HttpHandler[] {
  let current = located;
  let done = confirmation;
  let lookupTurn = 0;
  let cardTurn = 0;
  let submitTurn = 0;
  return [
    http.post('*/secure/v1/customermanagement/fetchCustomerDashboard', async ({ request }) => {
      calls.push({ op: 'lookupLitepayAccount', body: (await request.json()) as unknown });
      if (lookupDelayMs) await delay(lookupDelayMs);
      const answer = lookups[Math.min(lookupTurn++, lookups.length - 1)];
      if (!answer) return reply(undefined);
      current = answer.outcome === 'found' ? answer.refill : undefined;
      return HttpResponse.json(answer);
    }),
    http.get('*/secure/litepay/refill', () => reply(current ?? notReady)),
    http.post('*/secure/litepay/payment-instrument', async ({ request }) => {
      calls.push({ op: 'addLitepayPaymentInstrument', body: (await request.json()) as unknown, key: request.headers.get('Idempotency-Key') });
      const answer: Answer<LitepayCardResult> = cards[cardTurn++] ?? {
        outcome: 'added',
        card: addedCard,
        lock: { failures: 0, retryInMs: 0 },
      };
      if (!isFailure(answer) && answer.outcome === 'added' && current) current = { ...current, card: answer.card, lock: answer.lock };
      return reply(answer);
    }),
    http.post('*/secure/litepay/refill', async ({ request }) => {
      calls.push({ op: 'submitLitepayRefill', body: (await request.json()) as unknown, key: request.headers.get('Idempotency-Key') });
      if (submitDelayMs) await delay(submitDelayMs);
      const answer = submits[submitTurn++] ?? submit;
      if (answer && !isFailure(answer) && answer.confirmation) done = answer.confirmation;
      return reply(answer);
    }),
    http.get('*/secure/litepay/confirmation', () => reply(done ?? noRefill)),
    // the plan-tier block's label (English pages)
    http.get('*/-/api/my.prepaid/broadband-facts', () => HttpResponse.json(broadbandFacts)),
  ];
}
