export { formatUtcDate } from '../../lib/format';

/** Dollars with 2 decimals as `$x.xx` in both languages (seed 001 §9 "group totals $x.xx"). */
export function formatDollars(amount: string): string {
  return `$${amount}`;
}

