import { api, call } from '../../api/client';
import type { Dashboard } from './types';

/** `getDashboard`: the dashboard of one of the signed-in identity's accounts (16 digits). */
export function getDashboard(accountId: string): Promise<Dashboard> {
  return call('getDashboard', () => api.GET('/secure2/accounts/{accountId}/dashboard', { params: { path: { accountId } } }));
}

/** Query options of the dashboard of `accountId`: fetched again on every visit of the page. */
export function dashboardQuery(accountId: string) {
  return { queryKey: ['dashboard', accountId], queryFn: () => getDashboard(accountId), staleTime: 0 } as const;
}
