import { api, call, type Schemas } from '../../api/client';

export type PaymentInfo = Schemas['PaymentInfo'];
export type ChangeResult = Schemas['ChangeResult'];
export type CardBody = Schemas['CardBody'];
export type PaymentHistory = Schemas['PaymentHistory'];
export type SavedCard = Schemas['SavedCard'];

const at = (accountId: string) => ({ path: { accountId } });

/** `getPaymentInfo`: saved card, auto-refill, failure counter and card-entry configuration. */
export function paymentInfoQuery(accountId: string) {
  return {
    queryKey: ['payment-info', accountId],
    queryFn: () => call('getPaymentInfo', () => api.GET('/secure2/accounts/{accountId}/payment-info', { params: at(accountId) })),
    staleTime: 0,
  } as const;
}

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

export type CardChange = 'add' | 'update' | 'remove';

/** One change of the saved card; `key` is the attempt's Idempotency-Key (kept for its retries). */
export function changeCard(accountId: string, change: CardChange, key: string, body?: CardBody): Promise<ChangeResult> {
  const header = { 'Idempotency-Key': key };
  switch (change) {
    case 'add':
      return call('addAccountPaymentInstrument', () =>
        api.POST('/secure2/accounts/{accountId}/payment-instrument', { params: { ...at(accountId), header }, body: body as CardBody }),
      );
    case 'update':
      return call('updatePaymentInstrument', () =>
        api.POST('/secure2/accounts/{accountId}/payment-instrument/update', { params: { ...at(accountId), header }, body: body as CardBody }),
      );
    case 'remove':
      return call('removePaymentInstrument', () =>
        api.POST('/secure2/accounts/{accountId}/payment-instrument/remove', { params: { ...at(accountId), header } }),
      );
  }
}

export function enrolAutoRefill(accountId: string): Promise<ChangeResult> {
  return call('enrolAutoRefill', () =>
    api.POST('/secure2/accounts/{accountId}/auto-refill/enrol', { params: at(accountId), body: { termsAccepted: true } }),
  );
}

export function cancelAutoRefill(accountId: string): Promise<ChangeResult> {
  return call('cancelAutoRefill', () => api.POST('/secure2/accounts/{accountId}/auto-refill/cancel', { params: at(accountId) }));
}
