import { api, call, type Schemas } from '../../api/client';
import type { CardBody } from '../../lib/paymentCard';

export type LitepayLookup = Schemas['LitepayLookup'];
export type LitepayRefill = Schemas['LitepayRefill'];
export type LitepayCard = Schemas['LitepayCard'];
export type LitepayCardResult = Schemas['LitepayCardResult'];
export type LitepayResult = Schemas['LitepayResult'];
export type LitepayConfirmation = Schemas['LitepayConfirmation'];

/**
 * `lookupLitepayAccount` (seed 002 §4.6, §7.4): phone (10 digits) and zip (5 digits); the BFF
 * binds the account found to the session and answers what the screens show.
 */
export function lookupAccount(phone: string, zip: string): Promise<LitepayLookup> {
  return call('lookupLitepayAccount', () => api.POST('/secure/v1/customermanagement/fetchCustomerDashboard', { body: { phone, zip } }));
}

/** `getLitepayRefill`: the located account's refill (price, card added in this session, lock). */
export const litepayRefillQuery = {
  queryKey: ['litepay', 'refill'],
  queryFn: () => call('getLitepayRefill', () => api.GET('/secure/litepay/refill')),
  staleTime: Infinity,
  retry: false,
} as const;

/** `addLitepayPaymentInstrument` with the attempt's Idempotency-Key (the card-entry token only). */
export function addCard(body: CardBody, key: string): Promise<LitepayCardResult> {
  return call('addLitepayPaymentInstrument', () =>
    api.POST('/secure/litepay/payment-instrument', { params: { header: { 'Idempotency-Key': key } }, body }),
  );
}

/** `submitLitepayRefill` with the attempt's Idempotency-Key: the terms only; the BFF builds the order. */
export function submitRefill(key: string): Promise<LitepayResult> {
  return call('submitLitepayRefill', () =>
    api.POST('/secure/litepay/refill', { params: { header: { 'Idempotency-Key': key } }, body: { termsAccepted: true } }),
  );
}

/** `getLitepayConfirmation`: the session's last quick refill; 404 `NO_REFILL` without one. */
export const litepayConfirmationQuery = {
  queryKey: ['litepay', 'confirmation'],
  queryFn: () => call('getLitepayConfirmation', () => api.GET('/secure/litepay/confirmation')),
  staleTime: Infinity,
  retry: false,
} as const;
