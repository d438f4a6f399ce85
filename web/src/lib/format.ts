/** Replaces `{name}` placeholders of a content text. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

const money: Record<string, Intl.NumberFormat> = {};

/** Seed 000 §9: two decimals with thousands separators, in US dollars. */
export function formatPrice(amount: number | string, locale: 'en' | 'es' = 'en'): string {
  const n = typeof amount === 'string' ? Number.parseFloat(amount) : amount;
  money[locale] ??= new Intl.NumberFormat(locale === 'es' ? 'es-US' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return money[locale].format(Number.isFinite(n) ? n : 0);
}

const utcDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'numeric', day: 'numeric', year: 'numeric' });

/**
 * `YYYY-MM-DD` or an ISO instant (its UTC date) as m/d/yyyy in both languages (seed 001 §9);
 * unchanged when it is no date. Shared by the payment and refill pages.
 */
export function formatUtcDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : utcDate.format(date);
}
