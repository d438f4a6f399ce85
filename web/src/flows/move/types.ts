import type { Locale } from '../../lib/locale';
import type { Move } from './api';
import type { MoveTexts } from './content';
import type { MovePageId } from './routes';

/** What every move page receives from the screen. */
export interface MovePageProps {
  accountId: string;
  texts: MoveTexts;
  locale: Locale;
  /** The move as the BFF holds it (`getMove`). */
  move: Move;
  /** Goes to another move page, the query's account kept. */
  go: (page: MovePageId, replace?: boolean) => void;
  /** The path of a move page, the query's account kept. */
  href: (page: MovePageId) => string;
  dashboardHref: string;
}

/** The page of the BFF's `next` (seed 002 §2.8). */
export const NEXT_PAGE: Record<Move['next'], MovePageId> = {
  address: 'address',
  addressConfirmation: 'address-confirmation',
  refillRequired: 'refill-required',
  now: 'now',
  scheduleFinalize: 'schedule-finalize',
  confirmation: 'schedule-confirmation',
};
