import { api, call, type Schemas } from '../../api/client';
import { everyVisit } from '../../lib/firstQueries';
import type { Dashboard } from './types';

/** `getDashboard`: the dashboard of one of the signed-in identity's accounts (16 digits). */
export function getDashboard(accountId: string): Promise<Dashboard> {
  return call('getDashboard', () => api.GET('/secure2/accounts/{accountId}/dashboard', { params: { path: { accountId } } }));
}

/** Query options of the dashboard of `accountId`: fetched again on every visit of the page. */
export function dashboardQuery(accountId: string) {
  return { queryKey: ['dashboard', accountId], queryFn: () => getDashboard(accountId), staleTime: everyVisit } as const;
}

export { cancelScheduledMove, type CancelMoveAnswer } from '../../lib/scheduledMove';

/** `restartDevice`: restarts the account's modem (the BFF knows its MAC): `restarted` or `failed`. */
export function restartDevice(accountId: string): Promise<Schemas['RestartDeviceAnswer']> {
  return call('restartDevice', () => api.POST('/secure2/accounts/{accountId}/device/restart', { params: { path: { accountId } } }));
}
