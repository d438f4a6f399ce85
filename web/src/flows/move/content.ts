import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../api/client';
import { accountDashboardQuery } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';
import type { RefillTexts } from '../refill/content';

export type MovingContent = Schemas['MovingTexts'];

/** What the move pages read: their `moving` section, and the refill pages' texts they reuse. */
export interface MoveTexts extends RefillTexts {
  moving: MovingContent;
}

/** The sections of the shared `account-dashboard` bundle query. */
export function useMoveContent(locale: Locale) {
  return useQuery({ ...accountDashboardQuery(locale), select: (d): MoveTexts => ({ moving: d.moving, refill: d.refill, payments: d.payments }) });
}
