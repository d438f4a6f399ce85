import { accountShellCalls, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * The activation pages (seed 001 §2 routes): `/{locale}/activation` (the three steps, query
 * `accountId` in base64, `guid`, `bhr`, `mobile`), `/activate` (progress and outcome) and
 * `/error` and `/permission-error` (the shared permission-error page, `components/PermissionError`).
 * A non-owner met by a call goes to `/{locale}/permission-error` (the app's session-error
 * handler, `app/SessionErrors.tsx`).
 */
export type ActivationPageId = 'steps' | 'activate' | 'error' | 'permission-error';
export type ActivationPageDef = PageDef<ActivationPageId>;

export const activationFlow: FlowDef<ActivationPageId> = {
  base: 'activation',
  firstContent: [...accountShellContent, { area: 'activation', lang: 'page' }],
  firstCalls: accountShellCalls,
  flowType: 'account|prepaid',
  shell: 'own',
  pages: [
    { id: 'steps', path: '' },
    { id: 'activate', path: 'activate' },
    { id: 'error', path: 'error' },
    { id: 'permission-error', path: 'permission-error' },
  ],
};
