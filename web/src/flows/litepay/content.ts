import type { Schemas } from '../../api/client';
import { useAccountDashboardSections } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';
import { litepayContent } from './routes';

/** What the quick refill pages read: the `litepay` section and the card texts of `payments`. */
export interface LitepayTexts {
  litepay: Schemas['LitepayTexts'];
  payments: Schemas['PaymentsTexts'];
}

/** Both sections (`litepayContent`; seed 002 §7.1 content, en/es), from the page or the one bundle query. */
export function useLitepayContent(locale: Locale) {
  return useAccountDashboardSections<'litepay' | 'payments', LitepayTexts>(locale, litepayContent);
}
