import type { PaymentInfo } from '../../lib/paymentCard';
import { content } from '../../testing/content';
import { cardEntry } from '../../testing/paymentInfo';
import type { Reconnect, ReconnectResult } from './api';
import type { ReconnectTexts } from './content';

/** The deactivated identity's closed account and the aux account its reconnect makes. */
export const ACCOUNT_ID = '8993100000000501';
export const AUX_ID = '8993100000000595';

type Bundle = { reconnect: ReconnectTexts['reconnect']; payments: ReconnectTexts['payments'] };
/** The recorded `reconnect` and `payments` texts. */
export const reconnectTexts: Record<'en' | 'es', ReconnectTexts> = {
  en: content.en.accountDashboard as unknown as Bundle,
  es: content.es.accountDashboard as unknown as Bundle,
};

const visa = { cardType: 'Visa', last4: '1111', expiry: '12/30', firstName: 'Dana', lastName: 'Dorsey' } as const;
const plans = (tax: boolean): Reconnect['plans'] => [
  { code: 'HSD_030', days: 30, price: 45, taxes: tax ? 3.6 : 0, taxAvailable: tax, total: tax ? 48.6 : 45, default: true },
  { code: 'HSD_007', days: 7, price: 15, taxes: tax ? 1.2 : 0, taxAvailable: tax, total: tax ? 16.2 : 15, default: false },
];

export const reconnected: ReconnectResult = { outcome: 'reconnected', plan: 'HSD_030', total: 48.6, activationAccountId: AUX_ID };
export const failedResult: ReconnectResult = { outcome: 'failed', errorCode: 'RECONNECT_FAILED', reason: 'fetchFailed', message: 'x' };

/** `getReconnect` answers (the BFF's shapes). */
export const checks = {
  saved: { serviceability: 'serviceable', plans: plans(true), savedCard: visa },
  noCard: { serviceability: 'serviceable', plans: plans(true) },
  coldTap: { serviceability: 'coldTap', plans: plans(true), savedCard: visa },
  noTax: { serviceability: 'serviceable', plans: plans(false), savedCard: visa },
  done: { serviceability: 'serviceable', plans: plans(true), savedCard: visa, reconnected },
} satisfies Record<string, Reconnect>;

const unlocked = { failures: 0, retryInMs: 0 } as PaymentInfo['lock'];
export const paymentInfo: PaymentInfo = { autoRefillEnabled: false, autoEnrolOffered: false, lock: unlocked, cardEntry };
export const savedCard = visa;
