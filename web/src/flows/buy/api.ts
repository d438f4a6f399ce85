import { api, call, type Schemas } from '../../api/client';
import { getTrackingId } from '../../lib/session';
import type { AddressInput } from '../../lib/address';

/** The buy-flow calls of the BFF. The BFF keeps the order context; these send user choices. */
export type Cart = Schemas['Cart'];
export type ProductDetails = Schemas['ProductDetails'];
export type Promotions = Schemas['Promotions'];
export type TaxResult = Schemas['TaxResult'];
export type CustomerAnswer = Schemas['CustomerAnswer'];
export type CustomerBody = Schemas['CustomerBody'];
export type RestoredSession = Schemas['RestoredSession'];
export type DigitalSessionCreated = Schemas['DigitalSessionCreated'];
export type CardEntryConfig = Schemas['CardEntryConfig'];
export type AddInstrumentBody = Schemas['AddInstrumentBody'];
export type InstrumentResult = Schemas['InstrumentResult'];
export type CardSummary = Schemas['CardSummary'];
export type SubmitBody = Schemas['SubmitBody'];
export type OrderResult = Schemas['OrderResult'];
export type BuyServiceability = Schemas['Serviceability'];

/**
 * The address check of a visitor who came without a location (`lm`): the provider's matches of
 * the address, each with its location id (seed 000 §1: the buy starts by checking the address).
 */
export function validateBuyAddress(input: AddressInput): Promise<Schemas['AddressValidation']> {
  return call('validateCustomerAddress', () =>
    api.GET('/secure/api/v1/serviceability/address/validate-customer-address', {
      params: {
        query: { addressLine1: input.street.trim(), addressLine2: input.unit.trim(), city: '', state: '', zip: input.zip, trackingId: getTrackingId() },
      },
    }),
  );
}

export function validateBuyServiceability(locationId: string): Promise<BuyServiceability> {
  return call('validateBuyServiceability', () =>
    api.GET('/secure/api/v1/serviceability/address/validate-customer-serviceability', {
      params: { query: { locationId, source: 'CP', trackingId: getTrackingId() } },
    }),
  );
}

/** Products of the market the serviceability answer named (the BFF holds it). */
export function getProductDetails(): Promise<ProductDetails> {
  return call('getProductDetails', () =>
    api.GET('/secure/api/v1/util-service/product-detail', {
      // the BFF ignores `source` (it sends its own); the recorder sends the header's value too
      params: { query: { source: 'DIGITAL2.0', trackingId: getTrackingId() } },
    }),
  );
}

/** Promotions of the checkout's market and location (the BFF holds both). */
export function getPromotions(): Promise<Promotions> {
  return call('getPromotions', () =>
    api.POST('/secure/api/v1/offer-service/get-promo', {
      body: { trackingId: getTrackingId() },
    }),
  );
}

export function getCart(): Promise<Cart> {
  return call('getCart', () => api.GET('/secure/api/v1/cart'));
}

export function updateCart(promoInCart: boolean): Promise<Cart> {
  return call('updateCart', () => api.PUT('/secure/api/v1/cart', { body: { promoInCart } }));
}

export function getTax(): Promise<TaxResult> {
  return call('getTax', () =>
    api.POST('/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax', {
      body: { trackingId: getTrackingId() },
    }),
  );
}

export function createDigitalSession(redirectUrl: string): Promise<DigitalSessionCreated> {
  return call('createDigitalSession', () => api.POST('/secure/session', { body: { redirectUrl } }));
}

export function restoreDigitalSession(digitalSessionId: string): Promise<RestoredSession> {
  return call('restoreDigitalSession', () =>
    api.GET('/secure/session', { params: { query: { digitalSessionId } } }),
  );
}

export function updateCustomer(body: CustomerBody): Promise<CustomerAnswer> {
  return call('updateCustomer', () => api.PUT('/secure/api/v1/customer', { body }));
}

export function getPrepaidPaymentId(): Promise<Schemas['PaymentIdResponse']> {
  return call('getPrepaidPaymentId', () => api.GET('/secure/v1/customermanagement/prepaidPaymentID'));
}

/** The iframe URL carries the `Accept-Language` locale (set by the client middleware). */
export function getCardEntryConfig(): Promise<CardEntryConfig> {
  return call('getCardEntryConfig', () => api.GET('/secure/api/v1/payments/card-entry-config'));
}

export function addPaymentInstrument(body: AddInstrumentBody): Promise<InstrumentResult> {
  return call('addPaymentInstrument', () =>
    api.POST('/secure/payment-service/add-secure-prepaid-payment-instrument', { body }),
  );
}

export function submitOrder(body: SubmitBody, idempotencyKey: string): Promise<OrderResult> {
  return call('submitOrder', () =>
    api.POST('/secure/api/v1/PinlessActivation/prepaid-customer-activation', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body,
    }),
  );
}
