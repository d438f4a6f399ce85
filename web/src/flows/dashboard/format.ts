const utcDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'numeric', day: 'numeric', year: 'numeric' });

/**
 * `YYYY-MM-DD` (a UTC date) as m/d/yyyy in both languages (seed 001 §9: "Dates display
 * m/d/yyyy (UTC for services and transactions)"); the input unchanged when it is no date.
 */
export function formatServiceDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : utcDate.format(date);
}

/** The account id as the dashboard and activation queries carry it (seed 001 §2: base64). */
export function encodeAccountId(accountId: string): string {
  return btoa(accountId);
}

/** The account id of a base64 `accountId` query value; `undefined` unless 16 digits. */
export function decodeAccountId(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const id = atob(value);
    return /^\d{16}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
