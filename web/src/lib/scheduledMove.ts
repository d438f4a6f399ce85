import { api, call, type Schemas } from '../api/client';

/** Answer of `cancelScheduledMove`: `cancelled`, or `failed` with the catalogue `message`. */
export type CancelMoveAnswer = Schemas['CancelMoveAnswer'];

/**
 * `cancelScheduledMove`: cancels the scheduled move of `accountId` (the BFF takes the move's
 * confirmation id from the account service and checks the cutoff, seed 002 §4.4). One
 * `idempotencyKey` per confirmation, so a double click cancels once. 409 `NO_SCHEDULED_MOVE` /
 * `MOVE_CANCEL_CUTOFF_PASSED` throw a `CallFailure`. Shared by the notifications page and the
 * move's schedule confirmation.
 */
export function cancelScheduledMove(accountId: string, idempotencyKey: string): Promise<CancelMoveAnswer> {
  return call('cancelScheduledMove', () =>
    api.POST('/secure2/accounts/{accountId}/scheduled-move/cancel', {
      params: { path: { accountId }, header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
}

/** Router state key with which the dashboard shows the cancelled-move banner once. */
export const MOVE_CANCELLED_STATE = 'moveCancelled';
