import { KEYS, readSession, removeSession, writeSession } from './storage';

/**
 * The `Idempotency-Key` of the current order attempt: created once, kept in sessionStorage
 * until the BFF answers, so a double click or a reload replays the same attempt (the BFF
 * returns the first answer).
 */
export function orderAttemptKey(): string {
  const existing = readSession(KEYS.orderAttemptKey);
  if (existing) return existing;
  const key = crypto.randomUUID();
  writeSession(KEYS.orderAttemptKey, key);
  return key;
}

/** An answer arrived (placed, failed or unrecoverable): the next attempt gets a new key. */
export function settleOrderAttempt(): void {
  removeSession(KEYS.orderAttemptKey);
}

export function pendingOrderAttempt(): string | null {
  return readSession(KEYS.orderAttemptKey);
}
