import type { Schemas } from '../../api/client';
import { useAccountDashboardSections } from '../../content/accountDashboard';
import type { Locale } from '../../lib/locale';
import { accountInformationContent } from './routes';

/** The page's texts: `accountInformation` of the `account-dashboard` bundle (en/es). */
export type AccountInformationContent = Schemas['AccountInformationTexts'];

/** The `accountInformation` section, from the page or the one `account-dashboard` bundle query. */
export function useAccountInformationContent(locale: Locale) {
  return useAccountDashboardSections(locale, accountInformationContent, (d) => d.accountInformation);
}
