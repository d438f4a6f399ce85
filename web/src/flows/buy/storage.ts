/**
 * Browser-storage keys of the buy flow (seed 000 §3 "Browser storage keys"). Every access goes
 * through these helpers so a blocked storage (private mode) never breaks the flow.
 */
export const KEYS = {
  marketId: 'pp.buy.marketId',
  locationId: 'pp.buy.locationId',
  cart: 'pp.buy.cart',
  stripPhoneNumber: 'stripPhoneNumber',
  stripEmail: 'stripEmail',
  errorReloadCount: 'errorReloadCount',
  orderAttemptKey: 'pp.buy.orderAttemptKey',
  /** BFF answers the later pages show after a reload (no secrets: last 4 digits at most). */
  restored: 'pp.buy.restored',
  customer: 'pp.buy.customer',
  card: 'pp.buy.card',
  order: 'pp.buy.order',
} as const;

export type StorageKey = (typeof KEYS)[keyof typeof KEYS];

export function readSession(key: StorageKey): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: StorageKey, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage unavailable: the flow still works for this page load
  }
}

export function removeSession(key: StorageKey): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // ignore
  }
}

export function isFlagSet(key: typeof KEYS.stripPhoneNumber | typeof KEYS.stripEmail): boolean {
  return readSession(key) === 'true';
}

export function readJson<T>(key: StorageKey): T | undefined {
  const raw = readSession(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    // an unparseable value is ignored (seed 000 §4: "an unparseable cart is ignored")
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeSession(key, JSON.stringify(value));
}
