import { api, call } from '../../api/client';
import type { Dashboard } from './types';

/**
 * `getDashboard` is not in `openapi/bff.json` yet (helper "signin" of issue 11 declares it):
 * typed by hand after `/work/notes/issue11-contract.md` B, through the one client so it
 * carries the same headers. INTEGRATION: once the generated schema has the path, drop
 * `untyped`, call `api.GET('/secure2/accounts/{accountId}/dashboard', ...)` and type the answer
 * as `Schemas['Dashboard']` (`types.ts`).
 */
const untyped = api as unknown as {
  GET(
    path: '/secure2/accounts/{accountId}/dashboard',
    init: { params: { path: { accountId: string } } },
  ): Promise<{ data?: Dashboard; error?: unknown; response: Response }>;
};

/** `getDashboard`: the dashboard of one of the signed-in identity's accounts (16 digits). */
export function getDashboard(accountId: string): Promise<Dashboard> {
  return call('getDashboard', () => untyped.GET('/secure2/accounts/{accountId}/dashboard', { params: { path: { accountId } } }));
}

/** Query options of the dashboard of `accountId`: fetched again on every visit of the page. */
export function dashboardQuery(accountId: string) {
  return { queryKey: ['dashboard', accountId], queryFn: () => getDashboard(accountId), staleTime: 0 } as const;
}
