import type { Schemas } from '../../api/client';
import { useAccountDashboardSections } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';
import { reconnectContent } from './routes';

export type ReconnectContent = Schemas['ReconnectTexts'];

/** What the reconnect page reads: its `reconnect` section and the saved card's `payments` texts. */
export interface ReconnectTexts {
  reconnect: ReconnectContent;
  payments: Schemas['PaymentsTexts'];
}

/** Both sections (`reconnectContent`), from the page or the one `account-dashboard` bundle query. */
export function useReconnectContent(locale: Locale) {
  return useAccountDashboardSections<'reconnect' | 'payments', ReconnectTexts>(locale, reconnectContent);
}
