import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { everyVisit, prime } from './firstQueries';

/** A query asked again on every visit, answering its ask count. */
function counted() {
  let asked = 0;
  return { query: { queryKey: ['counted'], queryFn: () => Promise.resolve(++asked), staleTime: everyVisit }, asked: () => asked };
}

describe('first queries (ARCHITECTURE.md "First load")', () => {
  it('a primed answer is in the cache, and the first screen that reads it does not ask again', async () => {
    const client = new QueryClient();
    const { query, asked } = counted();
    expect(await prime(client, query)).toBe(1);
    expect(client.getQueryData(query.queryKey)).toBe(1);
    const observer = new QueryObserver(client, query);
    const off = observer.subscribe(() => undefined);
    await Promise.resolve();
    expect(asked()).toBe(1);
    expect(observer.getCurrentResult().data).toBe(1);
    off();
  });

  it('every visit asks again once the primed answer was replaced, and a query never primed is stale at once', async () => {
    const client = new QueryClient();
    const { query, asked } = counted();
    await prime(client, query);
    await client.fetchQuery({ ...query, staleTime: 0 });
    expect(asked()).toBe(2);
    const cached = client.getQueryCache().find({ queryKey: query.queryKey })!;
    expect(everyVisit(cached)).toBe(0);
    const other = { queryKey: ['other'], queryFn: () => Promise.resolve('x') };
    await client.fetchQuery(other);
    expect(everyVisit(client.getQueryCache().find({ queryKey: other.queryKey })!)).toBe(0);
  });

  it('a failure leaves nothing behind, so the screen asks with its own retry and error handling', async () => {
    const client = new QueryClient();
    const failing = { queryKey: ['failing'], queryFn: () => Promise.reject(new Error('503')) };
    expect(await prime(client, failing)).toBeUndefined();
    expect(client.getQueryState(failing.queryKey)).toBeUndefined();
  });

  it('an answer the screen has already asked for is not replaced', async () => {
    const client = new QueryClient();
    const key = ['asked'];
    client.setQueryData(key, 'the screen\'s');
    expect(await prime(client, { queryKey: key, queryFn: () => Promise.resolve('primed') })).toBe('primed');
    expect(client.getQueryData(key)).toBe('the screen\'s');
  });
});
