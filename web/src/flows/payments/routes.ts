import { accountDashboardNeed, accountShellCalls, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * The payment pages below the dashboard (seed 001 §2 routes: `/{locale}/dashboard/edit-payment`,
 * `auto-refill`, `payment-history`). Each is a one-page flow whose base spans two segments, so
 * the router mounts it before the dashboard's `dashboard/*` and the BFF's page table finds it
 * by the longest base; all three are drawn by one screen (`PaymentsScreen`).
 */
export type PaymentsPageId = 'edit-payment' | 'auto-refill' | 'payment-history';
export type PaymentsPageDef = PageDef<PaymentsPageId>;

/** The section of `account-dashboard` the payment pages read (the page carries only it). */
export const paymentsContent = accountDashboardNeed(['payments']);

function onePage(id: PaymentsPageId): FlowDef<PaymentsPageId> {
  return {
    base: `dashboard/${id}`,
    firstContent: [...accountShellContent, paymentsContent],
    firstCalls: accountShellCalls,
    flowType: 'account|prepaid',
    shell: 'own',
    pages: [{ id, path: '' }],
  };
}

export const editPaymentFlow = onePage('edit-payment');
export const autoRefillFlow = onePage('auto-refill');
export const paymentHistoryFlow = onePage('payment-history');

export const paymentsFlows = [editPaymentFlow, autoRefillFlow, paymentHistoryFlow] as const;
