import { api, call, type Schemas } from '../../api/client';
import { everyVisit } from '../../lib/firstQueries';

export type RefillOffer = Schemas['RefillOffer'];
export type RefillCart = Schemas['RefillCart'];
export type CartChoices = Schemas['CartChoices'];
export type RefillResult = Schemas['RefillResult'];
export type RefillConfirmation = Schemas['RefillConfirmation'];
export type PinDetails = Schemas['PinDetails'];
export type PinRedemption = Schemas['PinRedemption'];

const at = (accountId: string) => ({ path: { accountId } });

/** `getRefillOffer` (seed 002 §2.2): plans, TV, promo, saved card and the cart the BFF holds. */
export function refillOfferQuery(accountId: string) {
  return {
    queryKey: ['refill-offer', accountId],
    queryFn: () => call('getRefillOffer', () => api.GET('/secure2/accounts/{accountId}/refill', { params: at(accountId) })),
    staleTime: everyVisit,
  } as const;
}

/** `getRefillConfirmation` (seed 002 §2.6): 404 `NO_REFILL` when this sign-in made none. */
export function refillConfirmationQuery(accountId: string) {
  return {
    queryKey: ['refill-confirmation', accountId],
    queryFn: () =>
      call('getRefillConfirmation', () => api.GET('/secure2/accounts/{accountId}/refill/confirmation', { params: at(accountId) })),
    staleTime: Infinity,
    retry: false,
  } as const;
}

/** `updateRefillCart`: the browser's choices only; the answer is the cart the BFF priced. */
export function updateRefillCart(accountId: string, choices: CartChoices): Promise<RefillCart> {
  return call('updateRefillCart', () => api.PUT('/secure2/accounts/{accountId}/refill/cart', { params: at(accountId), body: choices }));
}

/** `submitRefill` with the attempt's Idempotency-Key (seed 002 §2.5, §3.6). */
export function submitRefill(accountId: string, key: string): Promise<RefillResult> {
  return call('submitRefill', () =>
    api.POST('/secure2/accounts/{accountId}/refill/order', {
      params: { ...at(accountId), header: { 'Idempotency-Key': key } },
      body: { termsAccepted: true },
    }),
  );
}

/** `validateRefillPin` (seed 002 §2.3). */
export function validateRefillPin(accountId: string, pin: string): Promise<PinDetails> {
  return call('validateRefillPin', () => api.POST('/secure2/accounts/{accountId}/refill/pin/validate', { params: at(accountId), body: { pin } }));
}

/** `redeemRefillPin` with the attempt's Idempotency-Key: the PIN is the one the BFF validated. */
export function redeemRefillPin(accountId: string, key: string): Promise<PinRedemption> {
  return call('redeemRefillPin', () =>
    api.POST('/secure2/accounts/{accountId}/refill/pin/redeem', { params: { ...at(accountId), header: { 'Idempotency-Key': key } } }),
  );
}

/** The choices a cart stands for (the body of the next `updateRefillCart`). */
export function choicesOf(cart: RefillCart): CartChoices {
  return { plan: cart.plan, packages: cart.packages, addOns: cart.addOns, promo: cart.promoInCart };
}
