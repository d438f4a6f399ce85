import { api, call, CallFailure, renewXsrfToken, resetXsrfToken, type Schemas } from '../api/client';
import { trackCallFailure } from './analytics';
import { leaveApp } from './leave';
import type { Locale } from './locale';

/**
 * The signed-in session's calls shared by the page shell and the sign-in pages (seed 001 §4
 * "Sign-in", "Session and timeout"; contract section B, tag `signin`), and the one place
 * that turns a session error of any call into where the browser goes.
 */

/** Flags the handoff carries to the dashboard: behind the modem, in-app. */
export interface SignInFlags {
  bhr?: boolean;
  mobile?: boolean;
}

/**
 * `startSignIn`: the provider's authorize (or create-ID) URL for this session. The token is read
 * again first: the one the page keeps may be of a session that has ended (signed out in another
 * tab, expired), which the BFF would refuse, and `/token` gives a live session its own (or a new
 * session to a browser without one).
 */
export async function startSignIn(locale: Locale, flags: SignInFlags = {}, createId = false): Promise<string> {
  await renewXsrfToken();
  return call('startSignIn', () =>
    api.POST('/secure2/authorize', { body: { locale, bhr: flags.bhr === true, mobile: flags.mobile === true, createId } }),
  ).then((r) => r.authorizeUrl);
}

/** Starts a sign-in and leaves for the provider's page. */
export async function goToSignIn(locale: Locale, flags: SignInFlags = {}, createId = false): Promise<void> {
  leaveApp(await startSignIn(locale, flags, createId));
}

/** `ping`: `force` always extends the server's idle window (840 s). */
export function ping(force: boolean) {
  return call('ping', () => api.POST('/secure2/ping', { body: { force } }));
}

/**
 * `signOut`, then the provider's logout page (which comes back to the handoff, with
 * `state=expired` when `expired`), or `to` when given (the handoff's `continue`). The session
 * is gone either way: a failed call still leaves, for the handoff.
 */
export async function signOutAndLeave(locale: Locale, expired = false, to?: string): Promise<void> {
  let url = to ?? `/${locale}/handoff`;
  try {
    const out = await call('signOut', () => api.POST('/secure2/logout', { body: { locale, expired } }));
    url = to ?? out.logoutUrl;
  } catch (e) {
    // the seed: a logout failure is reported, then the flow continues (001 §4 "Sign-in")
    trackCallFailure(e, 'signOut');
  }
  resetXsrfToken();
  leaveApp(url);
}

/** The `errorCode`s of a 403 that end or refuse the signed-in session (contract section B). */
export const SESSION_ERRORS = ['SESSION_EXPIRED', 'SESSION_REJECTED', 'SIGNIN_REQUIRED', 'PERMISSION_DENIED'] as const;
export type SessionErrorCode = (typeof SESSION_ERRORS)[number];

/** Where a session error sends the browser: a page of the app, or the provider's sign-in. */
export type SessionErrorTarget = { kind: 'page'; path: string } | { kind: 'signIn' };

/**
 * The one mapping of session errors (seed 001 §4 "Session and timeout", §8): expired ->
 * `/{locale}/timeout-error`; rejected -> `/{locale}/error`; no signed-in identity -> the
 * provider's sign-in; not the owner -> `/{locale}/permission-error`. Any other failure:
 * `undefined` (the page shows its own error).
 */
export function sessionErrorTarget(error: unknown, locale: Locale): SessionErrorTarget | undefined {
  if (!(error instanceof CallFailure) || error.status !== 403) return undefined;
  switch (error.errorCode) {
    case 'SESSION_EXPIRED':
      return { kind: 'page', path: `/${locale}/timeout-error` };
    case 'SESSION_REJECTED':
      return { kind: 'page', path: `/${locale}/error` };
    case 'PERMISSION_DENIED':
      return { kind: 'page', path: `/${locale}/permission-error` };
    case 'SIGNIN_REQUIRED':
      return { kind: 'signIn' };
    default:
      return undefined;
  }
}

type Listener = () => void;
let lastActionAt = Date.now();
const listeners = new Set<Listener>();

/**
 * When the last call succeeded (ms since the epoch): each success slides the server's idle
 * window, so the browser's idle timer restarts from it (seed 001 §4 "Successes refresh
 * lastActionAt").
 */
export function getLastActionAt(): number {
  return lastActionAt;
}

export function markAction(at = Date.now()): void {
  lastActionAt = at;
  for (const l of listeners) l();
}

export function onAction(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// every successful BFF call but content (which does not touch the session) is an action
api.use({
  onResponse({ request, response }) {
    if (response.ok && !new URL(request.url).pathname.startsWith('/-/')) markAction();
    return response;
  },
});

/** The signed-in identity (`getProfile`): greeting, permission-error details. */
export type Profile = Schemas['Profile'];

/** `getProfile`, read once per page load (the shell's greeting, the permission-error page). */
export const profileQuery = {
  queryKey: ['signin', 'profile'],
  queryFn: () => call('getProfile', () => api.GET('/secure2/profile')),
  staleTime: Infinity,
} as const;
