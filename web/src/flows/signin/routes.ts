import { accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';
import type { Locale } from '../../lib/locale';

/**
 * The sign-in pages (seed 001 §2 routes, §4 "Sign-in"): each sits right below the locale, so
 * each is a flow of one page (`/{locale}/{base}`), all drawn by one screen. `/` is the English
 * handoff (web/src/app/routes.tsx). `/{locale}/error` stays the app's shared error page.
 */
export type SignInPageId = 'handoff' | 'account-picker' | 'timeout-error' | 'permission-error';
export type SignInPageDef = PageDef<SignInPageId>;

function onePage(id: SignInPageId, flowType: string): FlowDef<SignInPageId> {
  return { base: id, firstContent: accountShellContent, flowType, shell: 'own', pages: [{ id, path: '' }] };
}

export const handoffFlow = onePage('handoff', 'signin|prepaid');
export const accountPickerFlow = onePage('account-picker', 'signin|prepaid');
export const timeoutErrorFlow = onePage('timeout-error', 'signin|prepaid');
export const permissionErrorFlow = onePage('permission-error', 'signin|prepaid');

export const signInFlows = [handoffFlow, accountPickerFlow, timeoutErrorFlow, permissionErrorFlow] as const;

/** `/{locale}/{page}` of a sign-in page. */
export const signInHref = (locale: Locale, id: SignInPageId): string => `/${locale}/${id}`;
