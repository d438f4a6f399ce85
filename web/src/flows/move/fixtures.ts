import { content } from '../../testing/content';
import type { Address, Move, MoveAddressCheck, MoveConfirmation, MoveResult } from './api';
import type { MoveTexts } from './content';

/**
 * Answers of the move calls shaped as the contract, for tests and stories (the refill steps
 * use the refill flow's fixtures). Dates as the recordings anchor them: today 2026-01-05.
 */
export { ACCOUNT_ID } from '../refill/fixtures';

/** The recorded `moving`, `refill` and `payments` texts. */
export const moveTexts: Record<'en' | 'es', MoveTexts> = {
  en: content.en.accountDashboard as unknown as MoveTexts,
  es: content.es.accountDashboard as unknown as MoveTexts,
};

export const FROM: Address = { addressLine1: '1200 Peachtree St', addressLine2: 'Apt 4', city: 'Atlanta', state: 'GA', zip: '30309' };
export const TO: Address = { addressLine1: '77 Elm St', addressLine2: '', city: 'Decatur', state: 'GA', zip: '30030' };

const start: Move = {
  today: '2026-01-05',
  latestDate: '2026-03-06',
  fromAddress: FROM,
  expirationDate: '2026-01-20',
  daysRemaining: 15,
  sevenDayPlan: true,
  next: 'address',
};
const destination = { address: TO, serviceability: 'serviceable' } as const;
const schedule = (moveDate: string, over: Partial<NonNullable<Move['schedule']>> = {}): NonNullable<Move['schedule']> => ({
  moveDate,
  when: moveDate === start.today ? 'today' : 'later',
  moveDateGap: 0,
  refillRequired: false,
  refilled: false,
  sevenDayOffered: false,
  ...over,
});

/** `getMove` answers by state. */
export const moves = {
  start,
  destination: { ...start, destination, next: 'addressConfirmation' },
  coldTap: { ...start, destination: { address: TO, serviceability: 'coldTap' }, next: 'addressConfirmation' },
  today: { ...start, destination, schedule: schedule('2026-01-05'), next: 'now' },
  later: { ...start, destination, schedule: schedule('2026-01-15'), next: 'scheduleFinalize' },
  refillRequired: {
    ...start,
    destination,
    schedule: schedule('2026-01-25', { moveDateGap: 5, refillRequired: true, sevenDayOffered: true }),
    next: 'refillRequired',
  },
  refilled: {
    ...start,
    destination,
    schedule: schedule('2026-01-25', { moveDateGap: 5, refilled: true, sevenDayOffered: true }),
    refill: { orderNumber: 'RF0000001234', plan: 'HSD_030', total: 48.15, refilledAt: '2026-01-05T15:00:00Z', expirationDate: '2026-02-19' },
    next: 'scheduleFinalize',
  },
} satisfies Record<string, Move>;

/** `checkMoveAddress` / `chooseMoveUnit` answers. */
export const checks = {
  serviceable: { outcome: 'serviceable', unitDropped: false, units: [], address: TO },
  coldTap: { outcome: 'coldTap', unitDropped: false, units: [], address: TO },
  multiple: {
    outcome: 'multiple',
    unitDropped: false,
    units: ['1', '2', '3'].map((n) => ({ locationId: `LOC0000000${n}`, address: { ...TO, addressLine2: `Apt ${n}` } })),
  },
  invalid: { outcome: 'invalidAddress', unitDropped: false, units: [] },
  unserviceable: { outcome: 'unserviceable', unitDropped: false, units: [], address: TO },
  existingPrepaid: { outcome: 'existingPrepaid', unitDropped: false, units: [], address: TO, businessErrorCode: 'BUS0078' },
  existingPostpaid: { outcome: 'existingPostpaid', unitDropped: false, units: [], address: TO, businessErrorCode: 'BUS0077' },
} satisfies Record<string, MoveAddressCheck>;

/** `getMoveConfirmation` answers: a later move (cancellable) and a move today. */
export const confirmations = {
  later: {
    confirmationNumber: 'MV00012345',
    moveDate: '2026-01-25',
    when: 'later',
    toAddress: TO,
    fromAddress: FROM,
    cancelAllowed: true,
    cancelUntil: '2026-01-25T05:00:00Z',
    cancelDate: '2026-01-24',
    movedAt: '2026-01-05T15:00:00Z',
  },
  today: {
    confirmationNumber: 'MV00012346',
    moveDate: '2026-01-05',
    when: 'today',
    toAddress: TO,
    fromAddress: FROM,
    cancelAllowed: false,
    cancelUntil: '2026-01-05T05:00:00Z',
    cancelDate: '2026-01-04',
    movedAt: '2026-01-05T15:00:00Z',
  },
} satisfies Record<string, MoveConfirmation>;

export const moved = (c: MoveConfirmation): MoveResult => ({ outcome: 'moved', confirmation: c });
export const moveFailed: MoveResult = { outcome: 'failed', errorCode: 'MOVE_FAILED', reason: 'createFailed', message: 'x' };
