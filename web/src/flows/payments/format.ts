const utcDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'numeric', day: 'numeric', year: 'numeric' });

/** `YYYY-MM-DD` (UTC) as m/d/yyyy in both languages (seed 001 §9); unchanged when no date. */
export function formatUtcDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : utcDate.format(date);
}

/** Dollars with 2 decimals as `$x.xx` in both languages (seed 001 §9 "group totals $x.xx"). */
export function formatDollars(amount: string): string {
  return `$${amount}`;
}

