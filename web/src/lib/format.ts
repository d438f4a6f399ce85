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
