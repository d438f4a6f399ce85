import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../api/client';
import { accountDashboardQuery } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';

export type ReconnectContent = Schemas['ReconnectTexts'];

/** What the reconnect page reads: its `reconnect` section and the saved card's `payments` texts. */
export interface ReconnectTexts {
  reconnect: ReconnectContent;
  payments: Schemas['PaymentsTexts'];
}

/** Both sections of the shared `account-dashboard` bundle query. */
export function useReconnectContent(locale: Locale) {
  return useQuery({ ...accountDashboardQuery(locale), select: (d): ReconnectTexts => ({ reconnect: d.reconnect, payments: d.payments }) });
}
