/**
 * The account id as the account area's links carry it (seed 001 §2: `accountId` in base64, on
 * the dashboard, activation, payments and account-information pages).
 */
export function encodeAccountId(accountId: string): string {
  return btoa(accountId);
}

/** The account id of a base64 `accountId` query value: its 16 digits, else `undefined` (missing or not decodable). */
export function decodeAccountId(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const id = atob(value);
    return /^\d{16}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
