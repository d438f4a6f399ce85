import { api, call, type Schemas } from '../../api/client';

// the BFF's answers (tag `move`, documented in bff/src/flows/move/mod.rs)
export type Move = Schemas['Move'];
export type MoveAddressCheck = Schemas['MoveAddressCheck'];
export type MoveConfirmation = Schemas['MoveConfirmation'];
export type MoveResult = Schemas['MoveResult'];
export type MoveUnit = Schemas['MoveUnit'];
export type Address = Schemas['Address'];

const at = (accountId: string) => ({ path: { accountId } });

/**
 * `getMove` (seed 002 §2.8, §3.9): today, the current address, the destination held, the date
 * and what it means (refill required, the 7-day option), the refill made during the move, the
 * move made and `next`. 409 `MOVE_NOT_AVAILABLE` / `MOVE_ALREADY_SCHEDULED` throw.
 */
export function moveQuery(accountId: string) {
  return {
    queryKey: ['move', accountId],
    queryFn: () => call('getMove', () => api.GET('/secure2/accounts/{accountId}/move', { params: at(accountId) })),
    staleTime: 0,
    retry: false,
  } as const;
}

/** `getMoveConfirmation`: the move this sign-in made; 404 `NO_MOVE` when none. */
export function moveConfirmationQuery(accountId: string) {
  return {
    queryKey: ['move-confirmation', accountId],
    queryFn: () => call('getMoveConfirmation', () => api.GET('/secure2/accounts/{accountId}/move/confirmation', { params: at(accountId) })),
    staleTime: Infinity,
    retry: false,
  } as const;
}

/** `checkMoveAddress` (seed 000 §2 address check, move variant): the BFF holds a serviceable destination. */
export function checkMoveAddress(accountId: string, street: string, unit: string, zip: string): Promise<MoveAddressCheck> {
  return call('checkMoveAddress', () =>
    api.POST('/secure2/accounts/{accountId}/move/address', {
      params: at(accountId),
      body: { addressLine1: street, ...(unit ? { addressLine2: unit } : {}), zip },
    }),
  );
}

/** `chooseMoveUnit`: one unit of the last `multiple` check, by its location id. */
export function chooseMoveUnit(accountId: string, locationId: string): Promise<MoveAddressCheck> {
  return call('chooseMoveUnit', () => api.POST('/secure2/accounts/{accountId}/move/address/unit', { params: at(accountId), body: { locationId } }));
}

/** `setMoveDate`: today or later (`YYYY-MM-DD`); 400 `MOVE_DATE_IN_PAST` / `MOVE_DATE_TOO_FAR` throw. */
export function setMoveDate(accountId: string, moveDate: string): Promise<Move> {
  return call('setMoveDate', () => api.PUT('/secure2/accounts/{accountId}/move/date', { params: at(accountId), body: { moveDate } }));
}

/** `createMove` with the attempt's Idempotency-Key (seed 002 §7.2: create-aux, flow MOVE). */
export function createMove(accountId: string, key: string): Promise<MoveResult> {
  return call('createMove', () => api.POST('/secure2/accounts/{accountId}/move', { params: { ...at(accountId), header: { 'Idempotency-Key': key } } }));
}

/** An address as two lines: street (and unit), then `City, ST 12345`. */
export function addressLines(a: Address): [string, string] {
  const street = [a.addressLine1, a.addressLine2].filter((p) => p && p.trim()).join(', ');
  const place = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place];
}
