import type { PaymentInfo } from '../../lib/paymentCard';
import { content } from '../../testing/content';
import { cardEntry } from '../../testing/paymentInfo';
import type { CartChoices, PinDetails, PinRedemption, RefillCart, RefillConfirmation, RefillOffer, RefillResult } from './api';
import type { RefillTexts } from './content';

/**
 * Answers of the refill calls shaped as the contract, for tests and stories. `priced` stands
 * in for the BFF's pricing (the browser never prices: only these fixtures do) so a story or a
 * test can walk choices; the rules themselves are the BFF's, property-tested there.
 */
export const ACCOUNT_ID = '8993100000001201';

type Bundle = { refill: RefillTexts['refill']; payments: RefillTexts['payments'] };
/** The recorded `refill` and `payments` texts. */
export const refillTexts: Record<'en' | 'es', RefillTexts> = {
  en: content.en.accountDashboard as unknown as Bundle,
  es: content.es.accountDashboard as unknown as Bundle,
};

const visa = { cardType: 'Visa', last4: '1234', expiry: '12/30', firstName: 'Alexandra', lastName: 'Rivera' } as const;
const plans = [
  { code: 'HSD_030', price: 45, days: 30 },
  { code: 'HSD_007', price: 15, days: 7 },
];
const sale = { id: 'P_SALE35OFF_021522', kind: 'sale', wasPrice: 45, price: 10, banner60Days: false } as const;
const banner = { id: 'REFILL_$45_FOR_60_DAYS', kind: 'banner', wasPrice: 45, price: 10, banner60Days: true } as const;
const winback = { id: 'P_WINBACK45OFF_1215', kind: 'winback', wasPrice: 45, price: 10, banner60Days: false } as const;

interface PricingOptions {
  taxAvailable?: boolean;
  acpCredit?: number;
}

/** The cart the fake BFF answers for `choices` (test stand-in for `domain::refill`). */
export function priced(offer: Omit<RefillOffer, 'cart'>, choices: CartChoices, opts: PricingOptions = {}): RefillCart {
  const plan = plans.find((p) => p.code === choices.plan);
  const promo = choices.promo && plan?.code === 'HSD_030' ? offer.promo : undefined;
  const refills = promo?.kind === 'winback' ? 2 : 1;
  const addOns = choices.addOns ?? [];
  let packages = choices.packages ?? [];
  if ((packages.length > 0 || addOns.length > 0) && !packages.includes('VDO_XITV_30')) packages = ['VDO_XITV_30', ...packages];
  const tv = [...offer.packages, ...offer.addOns];
  const lines: RefillCart['lines'] = [];
  if (plan) lines.push({ code: plan.code, kind: 'internet', price: plan.price, quantity: refills, amount: plan.price * refills, tax: 0 });
  for (const code of packages) {
    const p = tv.find((i) => i.code === code)?.price ?? 0;
    lines.push({ code, kind: 'package', price: p, quantity: 1, amount: p, tax: 0 });
  }
  for (const code of addOns) {
    const p = tv.find((i) => i.code === code)?.price ?? 0;
    lines.push({ code, kind: 'addOn', price: p, quantity: 1, amount: p, tax: 0 });
  }
  if (promo && promo.kind !== 'winback') lines.push({ code: promo.id, kind: 'promo', price: -35, quantity: 1, amount: -35, tax: 0 });
  const beforeAcp = lines.reduce((s, l) => s + l.amount, 0);
  const acp = opts.acpCredit && plan?.code === 'HSD_030' ? Math.min(opts.acpCredit, beforeAcp) : 0;
  if (acp > 0) lines.push({ code: 'ACP', kind: 'acp', price: -acp, quantity: 1, amount: -acp, tax: 0 });
  const subtotal = Math.round((beforeAcp - acp) * 100) / 100;
  const taxAvailable = opts.taxAvailable ?? true;
  const taxes = taxAvailable ? Math.round(subtotal * 7) / 100 : 0;
  const total = Math.round((subtotal + taxes) * 100) / 100;
  return {
    plan: choices.plan,
    internetRefills: refills,
    cartCount: promo?.kind === 'winback' ? 3 : 1,
    packages,
    addOns,
    promoInCart: Boolean(promo),
    promo: promo ? { ...promo } : undefined,
    lines,
    subtotal,
    taxes,
    taxAvailable,
    total,
    nextEnabled: total > 0,
    winbackModal: Boolean(offer.promo) && !promo && plan?.code === 'HSD_030' && lines.length === 1,
  };
}

function offer(base: Partial<Omit<RefillOffer, 'cart'>>, choices: CartChoices, opts: PricingOptions = {}): RefillOffer {
  const o: Omit<RefillOffer, 'cart'> = {
    plans,
    packages: [],
    addOns: [],
    winback: false,
    daysRemaining: 20,
    internetEnabled: true,
    savedCard: visa,
    ...base,
  };
  return { ...o, cart: priced(o, choices, opts) };
}

const thirty: CartChoices = { plan: 'HSD_030', packages: [], addOns: [], promo: false };
const withPromo: CartChoices = { ...thirty, promo: true };

/** Refill offers by state; `options` is the pricing its cart updates keep. */
export const offers = {
  plain: offer({}, thirty),
  sale: offer({ promo: { ...sale } }, withPromo),
  banner: offer({ promo: { ...banner } }, withPromo),
  winback: offer({ promo: { ...winback }, winback: true, daysRemaining: 0, internetEnabled: false }, thirty),
  acp: offer({ acpCredit: 30 }, thirty, { acpCredit: 30 }),
  acpZero: offer({ acpCredit: 45, savedCard: undefined }, thirty, { acpCredit: 45 }),
  taxUnavailable: offer({}, thirty, { taxAvailable: false }),
  tv: offer(
    {
      packages: [
        { code: 'VDO_XITV_30', price: 22, days: 30 },
        { code: 'VDO_XITV_ENTRTMNT_30', price: 10, days: 30 },
        { code: 'VDO_XITV_SPORTS_NEWS_30', price: 10, days: 30 },
        { code: 'VDO_XITV_KID_FAMILY_30', price: 10, days: 30 },
      ],
      addOns: [{ code: 'HBO', price: 15, days: 30 }],
    },
    { ...thirty, packages: ['VDO_XITV_SPORTS_NEWS_30'], addOns: ['HBO'] },
  ),
  noCard: offer({ savedCard: undefined }, thirty),
} satisfies Record<string, RefillOffer>;

export type OfferState = keyof typeof offers;
export const pricingOf: Partial<Record<OfferState, PricingOptions>> = {
  acp: { acpCredit: 30 },
  acpZero: { acpCredit: 45 },
  taxUnavailable: { taxAvailable: false },
};

/** The confirmation of a refill of `cart`. */
export function confirmation(cart: RefillCart, over: Partial<RefillConfirmation> = {}): RefillConfirmation {
  return { orderNumber: 'RF0000001234', cart, warning: false, autoRefillOffer: cart.plan !== 'HSD_007', refilledAt: '2026-03-10T15:00:00Z', ...over };
}

type Catalogue = { errorCatalogue: { groups: { codes: string[]; message: string }[] } };

/** The error catalogue's message of `code` in `locale`, as the BFF answers it. */
export function catalogue(locale: 'en' | 'es', code: string): string {
  const groups = (content[locale].buyflow as Catalogue).errorCatalogue.groups;
  return groups.find((g) => g.codes.includes(code))?.message ?? code;
}

/** `submitRefill` answers. */
export const results = (locale: 'en' | 'es' = 'en') =>
  ({
    refilled: { outcome: 'refilled', orderNumber: 'RF0000001234', confirmation: confirmation(offers.plain.cart) },
    warning: { outcome: 'warning', confirmation: confirmation(offers.plain.cart, { orderNumber: undefined, warning: true }) },
    failed: { outcome: 'failed', errorCode: 'REFILL_PAYMENT_DECLINED', message: catalogue(locale, 'REFILL_PAYMENT_DECLINED') },
  }) satisfies Record<string, RefillResult>;

export const pinDetails: PinDetails = {
  pin: '********0002',
  planQty: 2,
  expirationDate: '2027-03-10T23:59:59Z',
  formattedExpirationDate: '03/10/2027',
  newExpirationDate: '2026-05-28',
};
export const pinRedemption: PinRedemption = { pin: '********0002', planQty: 2, newExpirationDate: '2026-05-28', redemptionDate: '2026-03-10T15:00:00Z' };

export type PinError = { status: number; errorCode: string; message: string };
const pinError = (status: number, errorCode: string) => (locale: 'en' | 'es' = 'en'): PinError => ({
  status,
  errorCode,
  message: catalogue(locale, errorCode),
});

/** PIN refusals as the BFF answers them (`message`: the catalogue's in the page's language). */
export const pinErrors = {
  rejected: pinError(422, 'PIN_REJECTED'),
  notRecognised: pinError(422, 'PIN_NOT_RECOGNISED'),
  redeemFailed: pinError(422, 'PIN_REDEEM_FAILED'),
  alreadyRedeemed: pinError(409, 'PIN_ALREADY_REDEEMED'),
  invalid: pinError(400, 'PIN_INVALID'),
};

const unlocked = { failures: 0, retryInMs: 0 };
/** `getPaymentInfo` answers of the payment page: no card, or the saved Visa. */
export const paymentInfos = {
  noCard: { autoRefillEnabled: false, autoEnrolOffered: true, lock: unlocked, cardEntry },
  saved: { card: visa, autoRefillEnabled: false, autoEnrolOffered: true, lock: unlocked, cardEntry },
} satisfies Record<string, PaymentInfo>;
