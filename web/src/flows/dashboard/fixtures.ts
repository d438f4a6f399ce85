import type { Dashboard } from './types';

/** Dashboards of seed 001 §2 "Dashboard" states, for tests and stories (the owner-states world). */
export const ACCOUNT_ID = '8773100000000001';

const base: Dashboard = {
  next: 'show',
  status: 'active',
  moving: false,
  paused: false,
  autoRefillEnabled: false,
  autoEnrolOffered: true,
  behindTheModem: true,
  internet: { daysRemaining: 20, expirationDate: '2026-12-13', ring: 'green', refillNow: false },
  tv: [],
  tv200: false,
  serviceAddress: { streetAddress: '1200 Market St Apt 4', cityStateZip: 'Philadelphia, PA 19107' },
  vanAccount: false,
};

const scheduledMove: Dashboard['scheduledMove'] = {
  scheduleDate: '2026-12-03',
  cancelUntil: '2026-12-03T05:00:00Z',
  cancelDate: '2026-12-02',
  toAddress: { streetAddress: '45 Elm St', cityStateZip: 'Camden, NJ 08102' },
};

export const dashboards = {
  active: base,
  amber: { ...base, internet: { daysRemaining: 5, expirationDate: '2026-11-28', ring: 'amber', refillNow: true } },
  expired: {
    ...base,
    status: 'expired',
    autoEnrolOffered: false,
    internet: { daysRemaining: 0, expirationDate: '2026-11-23', ring: 'red', refillNow: true },
  },
  autoRefill: { ...base, autoRefillEnabled: true, autoEnrolOffered: false },
  // seed 001 §2: blue when paused (the services' plan status, or a move that has started)
  paused: { ...base, paused: true, internet: { daysRemaining: 20, expirationDate: '2026-12-13', ring: 'blue', refillNow: false } },
  deactivated: { ...base, status: 'deactivated', autoEnrolOffered: false, internet: undefined },
  scheduledMove: { ...base, moving: true, scheduledMove },
  expiredMoving: {
    ...base,
    status: 'expired',
    moving: true,
    autoEnrolOffered: false,
    scheduledMove,
    internet: { daysRemaining: 0, expirationDate: '2026-11-23', ring: 'red', refillNow: true },
  },
  acpApproved: { ...base, acp: { status: 'approved', tribal: false, benefitAmount: '30.00' } },
  acpApprovedMoving: { ...base, moving: true, scheduledMove, acp: { status: 'approved', tribal: false, benefitAmount: '30.00' } },
  acpTribal: { ...base, acp: { status: 'approved', tribal: true, benefitAmount: '30.00' } },
  acpDeEnrolled: { ...base, acp: { status: 'deEnrolled', tribal: false } },
  acpDenied: { ...base, acp: { status: 'denied', tribal: false } },
  tv: {
    ...base,
    tv: [{ productCode: 'VDO_XITV_30' }, { productCode: 'VDO_XITV_SPORTS_NEWS_30' }, { productCode: 'HBO' }],
  },
  tv200: { ...base, tv200: true },
  offer: { ...base, promo: { id: 'P_SALE35OFF_021522', winback: false } },
  winback: { ...base, promo: { id: 'P_WINBACK45OFF_1215', winback: true } },
  activation: { ...base, next: 'activation', nextAccountId: '8773100000000002' },
  auxDashboard: { ...base, next: 'auxDashboard', nextAccountId: '8773100000000003' },
  error: { ...base, next: 'error' },
} satisfies Record<string, Dashboard>;

export type DashboardState = keyof typeof dashboards;
