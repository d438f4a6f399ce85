import type { PaymentInfo } from '../lib/paymentCard';

/**
 * The card-entry configuration `getPaymentInfo` answers (the simulated provider's stand-in),
 * for the tests and stories of every page that shows the card entry (payments, refill).
 */
export const cardEntry: PaymentInfo['cardEntry'] = {
  iframeUrl: '/sim/card-entry?lang=en&parentOrigin=http%3A%2F%2Flocalhost%3A3000',
  height: 880,
  config: {
    channelDetails: {
      sourceServer: 'prepaid-portal-bff',
      sourceSystem: 'PREPAID_PORTAL',
      timestamp: '2026-03-10T15:00:00Z',
      trackingId: 'b0b0b0b0-0000-4000-8000-000000000000',
      partner: 'PREPAID',
      sessionId: 'ctx',
      channelName: 'PREPAID_LITE',
      enableFraudManager: true,
      messageLocation: 'http://localhost:3000',
      customerClass: 'residential',
    },
    config: { addressOverride: true, autoPayEnroll: false, storedPaymentOption: false, cardChangeDisabled: true, displayTermsInModal: true },
    customerDetails: {
      token: '',
      walletId: '',
      firstName: 'Alexandra',
      lastName: 'Rivera',
      addressLine1: '12 Chestnut St',
      addressLine2: '',
      city: 'Atlanta',
      state: 'GA',
      zip: '30316',
      storePaymentInstrumentLongTerm: false,
    },
  },
};
