import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../api/client';
import { accountDashboardQuery } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';

export type RefillContent = Schemas['RefillTexts'];
export type PaymentsContent = Schemas['PaymentsTexts'];

/** What the refill pages read: their `refill` section and the saved card's `payments` texts. */
export interface RefillTexts {
  refill: RefillContent;
  payments: PaymentsContent;
}

/** Both sections of the shared `account-dashboard` bundle query (one fetch with the dashboard's). */
export function useRefillContent(locale: Locale) {
  return useQuery({ ...accountDashboardQuery(locale), select: (d): RefillTexts => ({ refill: d.refill, payments: d.payments }) });
}

/** A product's name by code, never the code itself (ARCHITECTURE.md "Languages"). */
export function productName(c: RefillContent, code: string): string {
  return c.products.find((p) => p.code === code)?.text ?? c.otherProduct;
}

/** A promo's name by discount id, never the id. */
export function promoName(c: RefillContent, id: string): string {
  return c.promos.find((p) => p.code === id)?.text ?? c.otherPromo;
}
