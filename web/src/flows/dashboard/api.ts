import { api, call } from '../../api/client';
import type { Dashboard } from './types';

/**
 * The two account calls the dashboard makes before `getDashboard` and `getProfile` are in
 * `openapi/bff.json` (helper "signin" of issue 11 declares them): typed by hand after
 * `/work/notes/issue11-contract.md` B through the one client, so they carry the same headers.
 * INTEGRATION: once the generated schema has both paths, drop `untyped` and call
 * `api.GET('/secure2/accounts/{accountId}/dashboard', ...)` and `api.GET('/secure2/profile')`.
 */
type Answer<T> = Promise<{ data?: T; error?: unknown; response: Response }>;
const untyped = api as unknown as {
  GET(path: '/secure2/accounts/{accountId}/dashboard', init: { params: { path: { accountId: string } } }): Answer<Dashboard>;
  GET(path: '/secure2/profile'): Answer<{ accountId?: string }>;
};

/** `getDashboard`: the dashboard of one of the signed-in identity's accounts (16 digits). */
export function getDashboard(accountId: string): Promise<Dashboard> {
  return call('getDashboard', () => untyped.GET('/secure2/accounts/{accountId}/dashboard', { params: { path: { accountId } } }));
}

/** The account chosen at sign-in or in the account picker (`getProfile`'s `accountId`). */
export async function getChosenAccountId(): Promise<string | null> {
  const profile = await call('getProfile', () => untyped.GET('/secure2/profile'));
  return profile.accountId ?? null;
}

/** Query options of the dashboard of `accountId`: refetched on every visit of the page. */
export function dashboardQuery(accountId: string) {
  return { queryKey: ['dashboard', accountId], queryFn: () => getDashboard(accountId), staleTime: 0 } as const;
}

export const chosenAccountQuery = { queryKey: ['profile', 'accountId'], queryFn: getChosenAccountId } as const;
