import { api, call, type Schemas } from '../api/client';
import type { CardSubmitResponse } from './useCardEntry';

/**
 * The saved card's calls, shared by the payment pages and the refill payment page (seed 002
 * §2.9 "Payment card (shared)"): the payment info with the card-entry configuration, and one
 * change of the card per Idempotency-Key.
 */
export type PaymentInfo = Schemas['PaymentInfo'];
export type ChangeResult = Schemas['ChangeResult'];
export type CardBody = Schemas['CardBody'];
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

/** The card-entry component's answer once it tokenised a card. */
export type TokenisedCard = CardSubmitResponse & { cpcData: NonNullable<CardSubmitResponse['cpcData']> };

/** The body of an add or update: the component's answer, never card data beyond its token. */
export function toCardBody(r: TokenisedCard): CardBody {
  const c = r.cpcData.cardDetails;
  const p = r.paymentInfo;
  const names = r.cpcData.customerDetails;
  return {
    token: c.token,
    expirationDate: c.expirationDate,
    cardType: c.cardType,
    cardLast4Digits: c.cardLast4Digits,
    billing: {
      firstName: p?.firstName || names?.firstName || '',
      lastName: p?.lastName || names?.lastName || '',
      address: p?.address ?? '',
      addressLine2: p?.addressLine2 ?? '',
      city: p?.city ?? '',
      state: p?.state ?? '',
      zipCode: p?.zipCode ?? '',
    },
  };
}
