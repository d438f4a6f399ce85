import type { Locale } from '../../lib/locale';
import type { PaymentsContent } from './content';

/** What every payment page receives from the screen. */
export interface PaymentsPageProps {
  accountId: string;
  content: PaymentsContent;
  locale: Locale;
  /** The dashboard with the query's account kept. */
  dashboardHref: string;
  /** `?accountId=...` kept by links between the payment pages ('' when none). */
  backSearch: string;
}

/** The message of a page's alert: the catalogue's for a refusal, else the generic one. */
export interface PageAlert {
  text: string;
  tone: 'error' | 'success';
}
