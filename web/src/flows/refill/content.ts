import type { Schemas } from '../../api/client';
import { useAccountDashboardSections } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';
import { refillContent } from './routes';

export type RefillContent = Schemas['RefillTexts'];
export type PaymentsContent = Schemas['PaymentsTexts'];

/** What the refill pages read: their `refill` section and the saved card's `payments` texts. */
export interface RefillTexts {
  refill: RefillContent;
  payments: PaymentsContent;
}

/** Both sections (`refillContent`), from the page or the one `account-dashboard` bundle query. */
export function useRefillContent(locale: Locale) {
  return useAccountDashboardSections<'refill' | 'payments', RefillTexts>(locale, refillContent);
}

/** A product's name by code, never the code itself (ARCHITECTURE.md "Languages"). */
export function productName(c: RefillContent, code: string): string {
  return c.products.find((p) => p.code === code)?.text ?? c.otherProduct;
}

/** A promo's name by discount id, never the id. */
export function promoName(c: RefillContent, id: string): string {
  return c.promos.find((p) => p.code === id)?.text ?? c.otherPromo;
}
