import { accountShellCalls, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * The activation pages (seed 001 §2 routes): `/{locale}/activation` (the three steps, query
 * `accountId` in base64, `guid`, `bhr`, `mobile`), `/activate` (progress and outcome) and
 * `/error`. A non-owner goes to the sign-in flow's `/{locale}/permission-error` (the app's
 * session-error handler, `app/SessionErrors.tsx`), not a copy of it.
 */
export type ActivationPageId = 'steps' | 'activate' | 'error';
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
  ],
};
