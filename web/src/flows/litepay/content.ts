import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../api/client';
import { accountDashboardQuery } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';

/** What the quick refill pages read: the `litepay` section and the card texts of `payments`. */
export interface LitepayTexts {
  litepay: Schemas['LitepayTexts'];
  payments: Schemas['PaymentsTexts'];
}

/** Both sections of the shared `account-dashboard` bundle query (seed 002 §7.1 content, en/es). */
export function useLitepayContent(locale: Locale) {
  return useQuery({ ...accountDashboardQuery(locale), select: (d): LitepayTexts => ({ litepay: d.litepay, payments: d.payments }) });
}
