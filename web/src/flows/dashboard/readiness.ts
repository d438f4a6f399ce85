import { sessionErrorTarget } from '../../lib/accountSession';
import type { Locale } from '../../lib/locale';
import { encodeAccountId } from '../../lib/accountId';
import type { Dashboard } from './types';

/** Seed 001 §9: error redirect delay 1,000 ms; activation redirect delay 1,500 ms. */
export const ERROR_REDIRECT_MS = 1_000;
export const ACTIVATION_REDIRECT_MS = 1_500;

/** What the page does with an answer or a failure of `getDashboard`. */
export type Readiness =
  | { kind: 'show' }
  /** The account needs activation: the account-state page with the activation link. */
  | { kind: 'activation'; href: string }
  /** Leave for `to` after `afterMs` (0: at once, replacing the history entry). */
  | { kind: 'redirect'; to: string; afterMs: number };

/** The `bhr` and `mobile` flags of the dashboard's query, carried along (seed 001 §2, §4). */
function carriedFlags(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const flag of ['bhr', 'mobile']) if (search.get(flag) === 'true') kept.set(flag, 'true');
  const s = kept.toString();
  return s ? `&${s}` : '';
}

/**
 * Seed 001 §4 "Page readiness and checks", as the BFF answered them in `next`: `show` draws the
 * dashboard; `activation` goes to activation with the account in base64; `auxDashboard` loads
 * the dashboard of the aux account; `error` goes to the error page after 1 s.
 */
export function readiness(dashboard: Dashboard, locale: Locale, accountId: string, search: URLSearchParams): Readiness {
  const flags = carriedFlags(search);
  switch (dashboard.next) {
    case 'show':
      return { kind: 'show' };
    case 'activation':
      return { kind: 'activation', href: `/${locale}/activation?accountId=${encodeAccountId(dashboard.nextAccountId ?? accountId)}${flags}` };
    case 'auxDashboard':
      return dashboard.nextAccountId
        ? { kind: 'redirect', to: `/${locale}/dashboard?accountId=${encodeAccountId(dashboard.nextAccountId)}${flags}`, afterMs: 0 }
        : { kind: 'redirect', to: `/${locale}/error`, afterMs: ERROR_REDIRECT_MS };
    case 'error':
      return { kind: 'redirect', to: `/${locale}/error`, afterMs: ERROR_REDIRECT_MS };
  }
}

/**
 * Where a failed `getDashboard` or `getProfile` leads (seed 001 §4 "Any required API failure
 * ... the error page after 1 second"). Session errors (403 `SESSION_EXPIRED`, ...) are not the
 * page's: `app/SessionErrors.tsx` sends every one of them, once for the app; `undefined` then.
 */
export function failureTarget(error: unknown, locale: Locale): Readiness | undefined {
  if (sessionErrorTarget(error, locale)) return undefined;
  return { kind: 'redirect', to: `/${locale}/error`, afterMs: ERROR_REDIRECT_MS };
}
