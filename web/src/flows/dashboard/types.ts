/**
 * The answer of `getDashboard` (GET `/secure2/accounts/{accountId}/dashboard`), shaped as
 * `/work/notes/issue11-contract.md` B says. The BFF applies seed 001 §4 "Page readiness and
 * checks" and "Service status"; the page only draws what it says.
 */
export type Ring = 'green' | 'amber' | 'blue' | 'red';

export interface InternetStatus {
  /** Whole days to expiry + 1; 0 or below: expired (seed 001 §4 "Service status"). */
  daysRemaining: number;
  /** `YYYY-MM-DD`, the UTC expiry date. */
  expirationDate: string;
  ring: Ring;
  refillNow: boolean;
}

export interface MoveAddress {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  zip: string;
}

export interface Dashboard {
  next: 'show' | 'activation' | 'auxDashboard' | 'error';
  /** The account `activation` or `auxDashboard` goes to. */
  nextAccountId?: string;
  status: 'active' | 'expired' | 'deactivated';
  moving: boolean;
  paused: boolean;
  autoRefillEnabled: boolean;
  autoEnrolOffered: boolean;
  behindTheModem: boolean;
  internet?: InternetStatus;
  /** Owned TV products, deduplicated, basic package included when any package is owned. */
  tv: { productCode: string }[];
  scheduledMove?: { scheduleDate: string; cancelUntil: string; toAddress: MoveAddress };
  acp?: { status: 'approved' | 'deEnrolled' | 'denied'; tribal: boolean; benefitAmount?: string };
  promo?: { id: string; winback: boolean };
  serviceAddress: { streetAddress: string; cityStateZip: string };
  vanAccount: boolean;
}
