import { content } from '../../testing/content';
import { cardEntry } from '../../testing/paymentInfo';
import type { ChangeResult, PaymentHistory, PaymentInfo } from './api';
import type { PaymentsContent } from './content';

/** The account the test profile names. */
export const ACCOUNT_ID = '8993100000001201';

/** The recorded `payments` texts (tests and stories). */
export const paymentsContent = {
  en: (content.en.accountDashboard as unknown as { payments: PaymentsContent }).payments,
  es: (content.es.accountDashboard as unknown as { payments: PaymentsContent }).payments,
};

const unlocked = { failures: 0, retryInMs: 0 };
const visa = { cardType: 'Visa', last4: '1234', expiry: '12/30', firstName: 'Alexandra', lastName: 'Rivera' } as const;

/** Payment info answers by state. */
export const infos = {
  noCard: { autoRefillEnabled: false, autoEnrolOffered: true, lock: unlocked, cardEntry },
  saved: { card: visa, autoRefillEnabled: false, autoEnrolOffered: true, lock: unlocked, cardEntry },
  enrolled: { card: visa, autoRefillEnabled: true, autoEnrolOffered: false, lock: unlocked, cardEntry },
  notOffered: { card: visa, autoRefillEnabled: false, autoEnrolOffered: false, lock: unlocked, cardEntry },
  locked: { card: visa, autoRefillEnabled: false, autoEnrolOffered: true, lock: { failures: 1, retryInMs: 30_000 }, cardEntry },
} satisfies Record<string, PaymentInfo>;

export type InfoState = keyof typeof infos;

/** Change answers. */
export const changes = {
  done: { outcome: 'done', lock: unlocked, card: visa, autoRefillEnabled: false },
  enrolled: { outcome: 'done', lock: unlocked, card: visa, autoRefillEnabled: true },
  cancelled: { outcome: 'done', lock: unlocked, card: visa, autoRefillEnabled: false },
  removed: { outcome: 'done', lock: unlocked, autoRefillEnabled: false },
  rejected: {
    outcome: 'rejected',
    businessErrorCode: 'PAYMENT-1156',
    message: 'The card number or CVV is invalid. Check it and try again.',
    lock: { failures: 1, retryInMs: 30_000 },
    autoRefillEnabled: false,
  },
  noCard: {
    outcome: 'rejected',
    businessErrorCode: 'BUS_PMT_006',
    message: 'We are having trouble processing your request. Please try again.',
    lock: { failures: 1, retryInMs: 30_000 },
    autoRefillEnabled: false,
  },
  dashboard: { outcome: 'dashboard', businessErrorCode: 'PAYMENT-8373', message: 'Processing trouble.', lock: unlocked, autoRefillEnabled: false },
} satisfies Record<string, ChangeResult>;

/** A history of `total` lines, page `page`, 12 a page, two lines a day. */
export function history(total: number, page = 1): PaymentHistory {
  const pages = Math.max(1, Math.ceil(total / 12));
  const p = Math.min(Math.max(1, page), pages);
  const lines = Array.from({ length: total }, (_, i) => i).slice((p - 1) * 12, p * 12);
  const groups: PaymentHistory['groups'] = [];
  for (const i of lines) {
    const day = new Date(Date.UTC(2026, 2, 1) - Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);
    const item = {
      productCode: i % 2 ? 'HSD_007' : 'HSD_030',
      planDays: i % 2 ? 7 : 30,
      amount: i % 2 ? '15.00' : '45.00',
      paidAt: `${day}T${i % 2 ? '00:00:30' : '23:59:30'}Z`,
      expirationDate: day,
    };
    const g = groups.at(-1);
    if (g && g.date === day) g.items.push(item);
    else groups.push({ date: day, total: '60.00', items: [item] });
  }
  return { page: p, pages, totalItems: total, groups };
}
