import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../api/client';
import { accountDashboardQuery } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';

export type PaymentsContent = Schemas['PaymentsTexts'];

/** The `payments` section of the shared `account-dashboard` bundle query (one fetch with the dashboard's). */
export function usePaymentsContent(locale: Locale) {
  return useQuery({ ...accountDashboardQuery(locale), select: (d) => d.payments });
}
