import { api, call, type Schemas } from '../../api/client';
import type { Dashboard } from './types';

/** `getDashboard`: the dashboard of one of the signed-in identity's accounts (16 digits). */
export function getDashboard(accountId: string): Promise<Dashboard> {
  return call('getDashboard', () => api.GET('/secure2/accounts/{accountId}/dashboard', { params: { path: { accountId } } }));
}

/** Query options of the dashboard of `accountId`: fetched again on every visit of the page. */
export function dashboardQuery(accountId: string) {
  return { queryKey: ['dashboard', accountId], queryFn: () => getDashboard(accountId), staleTime: 0 } as const;
}

/** Answer of `cancelScheduledMove`: `cancelled`, or `failed` with the catalogue `message`. */
export type CancelMoveAnswer = Schemas['CancelMoveAnswer'];

/**
 * `cancelScheduledMove`: cancels the scheduled move of `accountId` (the BFF takes the move's
 * confirmation id from the account service). One `idempotencyKey` per confirmation, so a double
 * click cancels once. 409 `NO_SCHEDULED_MOVE` / `MOVE_CANCEL_CUTOFF_PASSED` throw a `CallFailure`.
 */
export function cancelScheduledMove(accountId: string, idempotencyKey: string): Promise<CancelMoveAnswer> {
  return call('cancelScheduledMove', () =>
    api.POST('/secure2/accounts/{accountId}/scheduled-move/cancel', {
      params: { path: { accountId }, header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
}

/** `restartDevice`: restarts the account's modem (the BFF knows its MAC): `restarted` or `failed`. */
export function restartDevice(accountId: string): Promise<Schemas['RestartDeviceAnswer']> {
  return call('restartDevice', () => api.POST('/secure2/accounts/{accountId}/device/restart', { params: { path: { accountId } } }));
}
