import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../app/router';
import { decodeAccountId } from './accountId';
import { profileQuery } from './accountSession';
import { keptQuery } from './signedInQuery';

/** The account the page's query names (seed 001 §2: base64 `accountId`), else `undefined`. */
export function accountInQuery(search: URLSearchParams): string | undefined {
  return decodeAccountId(search.get('accountId'));
}

/**
 * The account a page of the signed-in area is about (seed 001 §2): the query's base64
 * `accountId`, else the profile's, the one chosen at sign-in. The BFF answers only for the
 * signed-in owner's own accounts, whichever this picks. `withProfile`: the page reads the
 * profile even when the query names the account (the dashboard's and the account
 * information's own uses of it); otherwise it is asked only when needed.
 */
export function usePageAccount({ withProfile = false } = {}) {
  const search = useSearchParams();
  const fromQuery = accountInQuery(search);
  const profile = useQuery({ ...profileQuery, enabled: withProfile || fromQuery === undefined });
  return {
    search,
    /** The account the query names; `undefined`: the profile's is the page's. */
    fromQuery,
    profile,
    /** The page's account; `undefined` while the profile is on its way, or without one. */
    accountId: fromQuery ?? profile.data?.accountId,
    /** Signed in without a chosen account and none named: the account picker's turn. */
    noAccount: fromQuery === undefined && profile.data !== undefined && !profile.data.accountId,
    /**
     * The query the page's links keep (`keptQuery`: `accountId`, `bhr`, `mobile`), to the
     * flow's other pages and back to the dashboard; `''` without any.
     */
    keep: keptQuery(search),
  };
}
