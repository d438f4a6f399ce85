import { accountDashboardNeed, accountShellCalls, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * The reconnect page (seed 002 §2.1 route `reconnect`, §2.10): one page, the three steps,
 * query `accountId` in base64 (else the account chosen at sign-in), `bhr`, `mobile`.
 */
export type ReconnectPageId = 'steps';
export type ReconnectPageDef = PageDef<ReconnectPageId>;

/** The sections of `account-dashboard` the reconnect page reads (the page carries only these). */
export const reconnectContent = accountDashboardNeed(['reconnect', 'payments']);

export const reconnectFlow: FlowDef<ReconnectPageId> = {
  base: 'reconnect',
  firstContent: [...accountShellContent, reconnectContent],
  firstCalls: [...accountShellCalls, '/secure2/accounts/{accountId}/reconnect'],
  flowType: 'reconnectflow|prepaid',
  shell: 'own',
  pages: [{ id: 'steps', path: '' }],
};
