import { accountDashboardNeed, accountShellCalls, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * The move pages (seed 002 §2.1 route table "Move", §2.8, §4.4; issue 13 "Move"): one flow,
 * one screen (`MoveScreen`), so what the pages hold survives page changes. The address entry is
 * the retail flow's address check in its move variant (the `merchant-flow` bundle); the refill
 * steps reuse the refill pages with the bar at 33%, 66%, 66% and 100% (seed 002 §2.8, §9).
 */
export type MovePageId =
  | 'address'
  | 'address-confirmation'
  | 'now'
  | 'now-confirmation'
  | 'schedule'
  | 'schedule-now'
  | 'schedule-finalize'
  | 'schedule-confirmation'
  | 'refill-required'
  | 'refill-payment'
  | 'refill-review'
  | 'refill-confirmation';
export type MoveProgressTitle = 'refillRequired' | 'payment' | 'review' | 'confirmation';
export type MovePageDef = PageDef<MovePageId, MoveProgressTitle>;

/**
 * The sections of `account-dashboard` the move pages read (the page carries only these): one
 * screen draws every page of the flow, and a page can be entered directly (a reload on a refill
 * step), so each page's first screen may need all three.
 */
export const moveContent = accountDashboardNeed(['moving', 'refill', 'payments']);

export const moveFlow: FlowDef<MovePageId, MoveProgressTitle> = {
  base: 'move',
  firstContent: [...accountShellContent, moveContent, { area: 'merchant-flow', lang: 'page' }],
  firstCalls: accountShellCalls,
  flowType: 'refillmoveflow|prepaid',
  shell: 'own',
  pages: [
    { id: 'address', path: '' },
    { id: 'address-confirmation' },
    { id: 'now' },
    { id: 'now-confirmation' },
    { id: 'schedule' },
    { id: 'schedule-now' },
    { id: 'schedule-finalize' },
    { id: 'schedule-confirmation' },
    { id: 'refill-required', step: 'cart', progress: { title: 'refillRequired', percent: 33 } },
    { id: 'refill-payment', step: 'payment', progress: { title: 'payment', percent: 66 } },
    { id: 'refill-review', step: 'order-review', progress: { title: 'review', percent: 66 } },
    { id: 'refill-confirmation', step: 'order-confirmation', progress: { title: 'confirmation', percent: 100 } },
  ],
};
