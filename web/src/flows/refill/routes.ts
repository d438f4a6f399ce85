import { accountDashboardNeed, accountShellCalls, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';
import type { Schemas } from '../../api/client';

/**
 * The refill pages (seed 002 §2.1 routes `refill`, `refill/payment`, `refill/review`,
 * `refill/confirmation`; §2.2 progress 33% on the first step, 66% on the later ones). One
 * flow, one screen (`RefillScreen`), so the PIN redemption and the cart survive page changes.
 */
export type RefillPageId = 'customize' | 'payment' | 'review' | 'confirmation';
export type RefillProgressTitle = Exclude<keyof Schemas['RefillTexts']['progress'], 'value'>;
export type RefillPageDef = PageDef<RefillPageId, RefillProgressTitle>;

/** The sections of `account-dashboard` the refill pages read (the page carries only these). */
export const refillContent = accountDashboardNeed(['refill', 'payments']);

export const refillFlow: FlowDef<RefillPageId, RefillProgressTitle> = {
  base: 'refill',
  firstContent: [...accountShellContent, refillContent],
  firstCalls: [...accountShellCalls, '/secure2/accounts/{accountId}/refill'],
  flowType: 'refillflow|prepaid',
  shell: 'own',
  pages: [
    { id: 'customize', path: '', step: 'cart', progress: { title: 'customize', percent: 33 } },
    { id: 'payment', path: 'payment', step: 'payment', progress: { title: 'payment', percent: 66 } },
    { id: 'review', path: 'review', step: 'order-review', progress: { title: 'review', percent: 66 } },
    { id: 'confirmation', path: 'confirmation', step: 'order-confirmation' },
  ],
};
