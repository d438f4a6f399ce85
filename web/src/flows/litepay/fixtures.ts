import { content } from '../../testing/content';
import { cardEntry } from '../../testing/paymentInfo';
import type { LitepayCard, LitepayConfirmation, LitepayLookup, LitepayRefill, LitepayResult } from './api';
import type { BroadbandFacts } from '../../content/hooks';
import type { LitepayTexts } from './content';

type Bundle = { litepay: LitepayTexts['litepay']; payments: LitepayTexts['payments'] };
/** The recorded `litepay` and `payments` texts. */
export const litepayTexts: Record<'en' | 'es', LitepayTexts> = {
  en: content.en.accountDashboard as unknown as Bundle,
  es: content.es.accountDashboard as unknown as Bundle,
};

/** The world's one open account found by `4045550201` / `30309` (scenarios/litepay/found-new-card.yaml). */
export const PHONE = '4045550201';
export const ZIP = '30309';

export const card: LitepayCard = {
  cardType: 'Visa',
  last4: '1111',
  expiry: '12/30',
  address: '12 Chestnut St',
  addressLine2: '',
  city: 'Atlanta',
  state: 'GA',
  zipCode: '30316',
};

/** What steps 2 and 3 show (the BFF's shapes and pricing: 45 + 3.60 tax). */
export const refill: LitepayRefill = {
  plan: 'HSD_030',
  planPrice: 45,
  subtotal: 45,
  taxes: 3.6,
  taxAvailable: true,
  total: 48.6,
  promoBanner: false,
  acpLearnTile: true,
  phone: '(xxx) xxx - 0201',
  zip: ZIP,
  lock: { failures: 0, retryInMs: 0 },
  cardEntry,
};

export const refills = {
  plain: refill,
  promo: { ...refill, promoBanner: true },
  acp: { ...refill, acpCredit: 30, subtotal: 15, taxes: 1.2, total: 16.2, acpLearnTile: false },
  withCard: { ...refill, card },
} satisfies Record<string, LitepayRefill>;

const notice = (outcome: LitepayLookup['outcome'], errorCode: string, message: string): LitepayLookup => ({ outcome, errorCode, message });

/** `lookupLitepayAccount` answers; the messages are the catalogue's as the BFF answers them. */
export const lookups = {
  found: { outcome: 'found', refill },
  promo: { outcome: 'found', refill: refills.promo },
  acp: { outcome: 'found', refill: refills.acp },
  preactivated: notice('preactivated', 'PREACTIVATED_ERROR', "This account is waiting to be activated, so it can't be refilled yet. Please activate your service first, or contact Customer Care for help."),
  multiple: notice('multipleAccounts', 'LITEPAY_MULTIPLE_ACCOUNTS', "More than one account uses this phone number and zip code, so we can't tell which one to refill. Please sign in to refill, or contact Customer Care."),
  notLocated: notice('notLocated', 'LITEPAY_ACCOUNT_NOT_LOCATED', "We couldn't locate a prepaid account with this phone number and zip code. Please check both and try again."),
  notLocatedEs: notice('notLocated', 'LITEPAY_ACCOUNT_NOT_LOCATED', "No pudimos encontrar una cuenta prepagada con este número de teléfono y código postal. Revisa ambos datos e inténtalo de nuevo."),
  preactivatedEs: notice('preactivated', 'PREACTIVATED_ERROR', "Esta cuenta está esperando su activación, así que todavía no se puede recargar. Primero activa tu servicio o comunícate con Atención al Cliente."),
  multipleEs: notice('multipleAccounts', 'LITEPAY_MULTIPLE_ACCOUNTS', "Más de una cuenta usa este número de teléfono y código postal, así que no sabemos cuál recargar. Inicia sesión para recargar o comunícate con Atención al Cliente."),
} satisfies Record<string, LitepayLookup>;

export const confirmation: LitepayConfirmation = {
  orderNumber: 'EZ00000001',
  plan: 'HSD_030',
  planPrice: 45,
  subtotal: 45,
  taxes: 3.6,
  total: 48.6,
  warning: false,
  phone: '(xxx) xxx - 0201',
  zip: ZIP,
  acpLearnTile: true,
  refilledAt: '2026-01-05T15:00:00Z',
};

export const results = {
  refilled: { outcome: 'refilled', orderNumber: 'EZ00000001', confirmation },
  warning: { outcome: 'warning', confirmation: { ...confirmation, orderNumber: undefined, warning: true } },
  failed: { outcome: 'failed', errorCode: 'REFILL_PAYMENT_DECLINED', message: "Your card was declined. Please check your card details or use a different card, then try your refill again." },
  failedEs: { outcome: 'failed', errorCode: 'REFILL_PAYMENT_DECLINED', message: "Tu tarjeta fue rechazada. Por favor, revisa los datos de tu tarjeta o usa otra tarjeta e intenta tu recarga de nuevo." },
} satisfies Record<string, LitepayResult>;

/** The provider's plan-tier widget answer for HSD_030 (English; the Spanish bundle has a static label), as the BFF recorded it. */
export const broadbandFacts: BroadbandFacts = {
  labels: [
    {
      tierId: 'HSD_030',
      servicePlanType: 'PREPAID',
      lob: 'INTERNET',
      label: {
        title: 'Broadband Facts',
        provider: 'Example Cable Prepaid',
        serviceName: 'Prepaid Home Internet, 200 Mbps',
        plans: [
          { name: '30-day prepaid internet', price: '$45', period: '30 days' },
          { name: '7-day prepaid internet', price: '$15', period: '7 days' },
        ],
        speed: '200 Mbps',
        rows: [
          { name: 'Typical download speed', value: '234.5 Mbps' },
          { name: 'Typical upload speed', value: '11.72 Mbps' },
          { name: 'Typical latency', value: '18.4 ms' },
          { name: 'Data included', value: 'Unlimited' },
          { name: 'Overage charges', value: '$0' },
        ],
        gatewayNote: 'Gateway included: one per household with the first 30-day purchase.',
        taxesNote: 'Taxes vary by location.',
      },
    },
  ],
};
