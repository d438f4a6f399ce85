import { api, call, type Schemas } from '../../api/client';

export type PaymentHistory = Schemas['PaymentHistory'];
export { changeCard, paymentInfoQuery } from '../../lib/paymentCard';
export type { CardBody, CardChange, ChangeResult, PaymentInfo, SavedCard } from '../../lib/paymentCard';
import type { ChangeResult } from '../../lib/paymentCard';

const at = (accountId: string) => ({ path: { accountId } });

/** `getPaymentHistory` page `page` (1-based). */
export function paymentHistoryQuery(accountId: string, page: number) {
  return {
    queryKey: ['payment-history', accountId, page],
    queryFn: () =>
      call('getPaymentHistory', () =>
        api.GET('/secure2/accounts/{accountId}/payment-history', { params: { ...at(accountId), query: { page } } }),
      ),
    staleTime: 60_000,
  } as const;
}

export function enrolAutoRefill(accountId: string): Promise<ChangeResult> {
  return call('enrolAutoRefill', () =>
    api.POST('/secure2/accounts/{accountId}/auto-refill/enrol', { params: at(accountId), body: { termsAccepted: true } }),
  );
}

export function cancelAutoRefill(accountId: string): Promise<ChangeResult> {
  return call('cancelAutoRefill', () => api.POST('/secure2/accounts/{accountId}/auto-refill/cancel', { params: at(accountId) }));
}
