/** The query kept on every page of the flow and on the way to the dashboard (`accountId`, `guid`, `bhr`, `mobile`). */
export function carriedQuery(search: URLSearchParams, keys: readonly string[] = ['accountId', 'guid', 'bhr', 'mobile']): string {
  const kept = new URLSearchParams();
  for (const k of keys) {
    const v = search.get(k);
    if (v) kept.set(k, v);
  }
  const s = kept.toString();
  return s ? `?${s}` : '';
}
