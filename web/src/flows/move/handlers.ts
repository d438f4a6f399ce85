import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Move, MoveAddressCheck, MoveConfirmation, MoveResult } from './api';
import { moves } from './fixtures';

export interface MoveCall {
  op: 'checkMoveAddress' | 'chooseMoveUnit' | 'setMoveDate' | 'createMove' | 'cancelScheduledMove';
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
 * MSW answers of the move calls, shaped as the BFF's contract (use with the refill flow's
 * `refillHandlers` for the refill steps and the profile). `move` answers `getMove`; a
 * serviceable or cold-tap check holds the destination (`moves.destination`), `date` answers
 * `setMoveDate` (default: the held move with the date, `later` or `today`), `create`
 * answers `createMove` after `createDelayMs`, `confirmation` `getMoveConfirmation` (none: 404
 * `NO_MOVE`), `cancel` `cancelScheduledMove`. `calls` records the changes with body and key.
 */
export function moveHandlers({
  move,
  check,
  unit,
  date,
  create,
  confirmation,
  cancel = { result: 'cancelled' },
  calls = [],
  createDelayMs = 0,
}: {
  move: Answer<Move>;
  check?: Answer<MoveAddressCheck>;
  unit?: Answer<MoveAddressCheck>;
  date?: (moveDate: string) => Answer<Move>;
  create?: Answer<MoveResult>;
  confirmation?: MoveConfirmation;
  cancel?: Answer<object>;
  calls?: MoveCall[];
  createDelayMs?: number;
}): HttpHandler[] {
  let current = move;
  let made = confirmation;
  const base = '*/secure2/accounts/:accountId';
  const held = (c: Answer<MoveAddressCheck> | undefined) => {
    if (c && 'outcome' in c && (c.outcome === 'serviceable' || c.outcome === 'coldTap') && !('errorCode' in current))
      current = { ...current, destination: { address: c.address ?? moves.destination.destination.address, serviceability: c.outcome }, next: 'addressConfirmation' };
  };
  return [
    http.get(`${base}/move`, () => reply(current)),
    http.post(`${base}/move/address`, async ({ request }) => {
      calls.push({ op: 'checkMoveAddress', body: await bodyOf(request) });
      held(check);
      return reply(check);
    }),
    http.post(`${base}/move/address/unit`, async ({ request }) => {
      calls.push({ op: 'chooseMoveUnit', body: await bodyOf(request) });
      held(unit);
      return reply(unit);
    }),
    http.put(`${base}/move/date`, async ({ request }) => {
      const body = (await bodyOf(request)) as { moveDate: string };
      calls.push({ op: 'setMoveDate', body });
      const answer = date ? date(body.moveDate) : current;
      if (!('errorCode' in answer)) current = answer;
      return reply(answer);
    }),
    http.post(`${base}/move`, async ({ request }) => {
      calls.push({ op: 'createMove', key: request.headers.get('Idempotency-Key') });
      if (createDelayMs) await delay(createDelayMs);
      if (create && 'confirmation' in create && create.confirmation) {
        made = create.confirmation;
        if (!('errorCode' in current)) current = { ...current, moved: made, next: 'confirmation' };
      }
      return reply(create);
    }),
    http.get(`${base}/move/confirmation`, () => (made ? HttpResponse.json(made) : reply<object>({ errorCode: 'NO_MOVE', status: 404 }))),
    http.post(`${base}/scheduled-move/cancel`, ({ request }) => {
      calls.push({ op: 'cancelScheduledMove', key: request.headers.get('Idempotency-Key') });
      return reply(cancel);
    }),
  ];
}
