import type { Schemas } from '../../api/client';
import { useAccountDashboardSections } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';
import type { RefillTexts } from '../refill/content';
import { moveContent } from './routes';

export type MovingContent = Schemas['MovingTexts'];

/** What the move pages read: their `moving` section, and the refill pages' texts they reuse. */
export interface MoveTexts extends RefillTexts {
  moving: MovingContent;
}

/** The three sections (`moveContent`), from the page or the one `account-dashboard` bundle query. */
export function useMoveContent(locale: Locale) {
  return useAccountDashboardSections<'moving' | 'refill' | 'payments', MoveTexts>(locale, moveContent);
}
