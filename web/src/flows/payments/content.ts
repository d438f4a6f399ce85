import type { Schemas } from '../../api/client';
import { useAccountDashboardSections } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';
import { paymentsContent } from './routes';

export type PaymentsContent = Schemas['PaymentsTexts'];

/** The `payments` section (`paymentsContent`), from the page or the one `account-dashboard` bundle query. */
export function usePaymentsContent(locale: Locale) {
  return useAccountDashboardSections(locale, paymentsContent, (d) => d.payments);
}
