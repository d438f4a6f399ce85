import type { Locale } from '../../lib/locale';
import type { RefillTexts } from './content';
import type { RefillPageId } from './routes';

/** What every refill page receives from the screen. */
export interface RefillPageProps {
  accountId: string;
  texts: RefillTexts;
  locale: Locale;
  /** Goes to another refill page, the query's account kept. */
  go: (page: RefillPageId) => void;
  /** The path of a refill page, the query's account kept. */
  href: (page: RefillPageId) => string;
  /** The dashboard with the query's account kept. */
  dashboardHref: string;
  autoRefillHref: string;
}
