import { accountDashboardNeed, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * The quick refill without sign-in (seed 002 §2.1 routes `litepay`, `litepay/refill`,
 * `litepay/order-confirmation`, §2.11): the entry redirects to the refill page.
 */
export type LitepayPageId = 'entry' | 'refill' | 'order-confirmation';
export type LitepayPageDef = PageDef<LitepayPageId>;

/** The sections of `account-dashboard` the quick refill pages read (the page carries only these). */
export const litepayContent = accountDashboardNeed(['litepay', 'payments']);

export const litepayFlow: FlowDef<LitepayPageId> = {
  base: 'litepay',
  // the shell reads `all` and the dictionary, the page the `litepay` and `payments` sections
  firstContent: [...accountShellContent, litepayContent],
  // the located account a reload resumes (409 REFILL_NOT_READY on a first visit): started with
  // the page, so the first screen's request is answered without a round trip of its own
  firstCalls: ['/secure/litepay/refill'],
  flowType: 'litepayrefillflow|prepaid',
  shell: 'own',
  pages: [
    { id: 'entry', path: '' },
    { id: 'refill', path: 'refill', step: 'find-your-account' },
    { id: 'order-confirmation', path: 'order-confirmation' },
  ],
};
