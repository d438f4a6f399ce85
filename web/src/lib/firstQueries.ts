import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { profileQuery } from './accountSession';
import { accountInQuery } from './pageAccount';

/**
 * A flow's first queries: what its first screen reads, put in the query cache before that
 * screen's first render (`app/routes.tsx` `preloadScreen`), so the first screen is drawn with its
 * data rather than a render later. The page preloads the same calls (`FlowDef.firstCalls`), so
 * this takes their answers. `search` is the page's query string.
 */
export type FirstQueries = (client: QueryClient, search: URLSearchParams) => Promise<unknown>;

/** A query as the api modules define it (`queryFn` takes no context). */
export interface PrimedQuery<T> {
  readonly queryKey: QueryKey;
  readonly queryFn: () => Promise<T>;
}

/** Each primed answer's `dataUpdatedAt` (ms since the epoch) and `dataUpdateCount`, by query hash. */
const primed = new Map<string, { updatedAt: number; count: number }>();

/** How long a primed answer of an `everyVisit` query counts as fresh: its first screen's draw (ms). */
const FIRST_DRAW_MS = 10_000;

/**
 * Asks `query` once and puts its answer in `client`, unless the screen has asked already.
 * A failure leaves nothing behind, so the screen asks again with its own retry and error
 * handling, as it would have without this. Resolves to the answer, or `undefined`.
 */
export async function prime<T>(client: QueryClient, query: PrimedQuery<T>): Promise<T | undefined> {
  let data: T;
  try {
    data = await query.queryFn();
  } catch {
    return undefined;
  }
  if (client.getQueryState(query.queryKey) !== undefined) return data;
  client.setQueryData(query.queryKey, data);
  const state = client.getQueryState(query.queryKey);
  if (state) primed.set(hashKey(query.queryKey), { updatedAt: state.dataUpdatedAt, count: state.dataUpdateCount });
  return data;
}

/**
 * `staleTime` of a query asked again on every visit of its page (0 ms), but whose primed answer
 * is fresh for the first screen that reads it, so that screen does not ask twice.
 */
export function everyVisit(query: { queryHash: string; state: { dataUpdatedAt: number; dataUpdateCount: number } }): number {
  const answer = primed.get(query.queryHash);
  const isPrimed = answer?.updatedAt === query.state.dataUpdatedAt && answer.count === query.state.dataUpdateCount;
  return isPrimed ? FIRST_DRAW_MS : 0;
}

/**
 * The first queries of a page in the signed-in shell (`FlowDef.firstCalls`: `accountShellCalls`
 * and the page's account call): the profile, and `accountQuery` of the page's account, the
 * query's base64 `accountId`, else the profile's (the one chosen at sign-in).
 */
export function accountFirstQueries(accountQuery?: (accountId: string) => PrimedQuery<unknown>): FirstQueries {
  return async (client, search) => {
    const profile = prime(client, profileQuery);
    const accountId = accountInQuery(search) ?? (await profile)?.accountId;
    await Promise.all([profile, accountQuery && accountId ? prime(client, accountQuery(accountId)) : undefined]);
  };
}
