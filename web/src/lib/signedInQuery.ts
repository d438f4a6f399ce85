import { useSearchParams } from '../app/router';

/**
 * The query every page of the signed-in area keeps on its links (seed 001 §2, §4): the
 * base64 `accountId` of the account the page shows (a moved or reactivated customer's aux
 * account is not the one chosen at sign-in) and the `bhr` (behind the modem) and `mobile`
 * (in-app) flags, which hold for the whole signed-in visit.
 */
export function keptQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  const accountId = search.get('accountId');
  if (accountId) kept.set('accountId', accountId);
  for (const flag of ['bhr', 'mobile']) if (search.get(flag) === 'true') kept.set(flag, 'true');
  const s = kept.toString();
  return s ? `?${s}` : '';
}

/**
 * `href` (a path of this site) with the kept query (`keptQuery`) added; what `href` names
 * itself wins. A link that leaves the site, or a bare `#` anchor, is left as it is.
 */
export function withKept(href: string, kept: string): string {
  if (!kept || !href.startsWith('/') || href.startsWith('//')) return href;
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const noHash = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const [path = '', own = ''] = noHash.split('?', 2);
  const query = new URLSearchParams(own);
  for (const [key, value] of new URLSearchParams(kept.replace(/^\?/, ''))) if (!query.has(key)) query.set(key, value);
  const s = query.toString();
  return `${path}${s ? `?${s}` : ''}${hash}`;
}

/** The kept query of the page's own address (`keptQuery`). */
export function useKeptQuery(): string {
  return keptQuery(useSearchParams());
}
