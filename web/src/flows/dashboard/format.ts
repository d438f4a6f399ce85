const utcDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'numeric', day: 'numeric', year: 'numeric' });

/**
 * `YYYY-MM-DD` (a UTC date) as m/d/yyyy in both languages (seed 001 §9: "Dates display
 * m/d/yyyy (UTC for services and transactions)"); the input unchanged when it is no date.
 */
export function formatServiceDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : utcDate.format(date);
}


