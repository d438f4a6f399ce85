/**
 * What the handoff page does with its query (seed 001 §4 "Sign-in"), decided once, in order:
 * - `continue`: sign out any old session, then go to that address (paths of this site only:
 *   an address elsewhere would make the page an open redirect, so it is ignored);
 * - `slo_fs` (back from the provider's logout): `state=expired` -> the timeout-error page,
 *   otherwise a new sign-in;
 * - `code` with `state` (back from the provider's sign-in): exchange it (`decodeSignIn`);
 * - `s=1` (the stored login flag: the picker's logo) without a code: a new sign-in;
 * - else the landing page with its buttons.
 */
export type HandoffAction =
  | { kind: 'continue'; to: string }
  | { kind: 'timeoutError' }
  | { kind: 'signIn' }
  | { kind: 'decode'; code: string; state: string }
  | { kind: 'show' };

/** A path of this site (`/x`, not `//host` or `/\host`), else `undefined`. */
export function sitePath(value: string | null): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

export function handoffAction(query: URLSearchParams): HandoffAction {
  const next = sitePath(query.get('continue'));
  if (next) return { kind: 'continue', to: next };
  if (query.has('slo_fs')) return query.get('state') === 'expired' ? { kind: 'timeoutError' } : { kind: 'signIn' };
  const code = query.get('code');
  const state = query.get('state');
  if (code && state) return { kind: 'decode', code, state };
  if (query.get('s') === '1') return { kind: 'signIn' };
  return { kind: 'show' };
}

/** `bhr` and `mobile` of the query (`true` only), carried to the provider and back. */
export function flagsOf(query: URLSearchParams): { bhr?: boolean; mobile?: boolean } {
  return {
    ...(query.get('bhr') === 'true' ? { bhr: true } : {}),
    ...(query.get('mobile') === 'true' ? { mobile: true } : {}),
  };
}

/** `?bhr=true&mobile=true` (only those set) for the signed-in pages, or `''`. */
export function flagsQuery(flags: { bhr?: boolean; mobile?: boolean }): string {
  const q = new URLSearchParams();
  if (flags.bhr) q.set('bhr', 'true');
  if (flags.mobile) q.set('mobile', 'true');
  const s = q.toString();
  return s ? `?${s}` : '';
}
