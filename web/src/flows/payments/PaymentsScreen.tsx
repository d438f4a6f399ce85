import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '../../app/router';
import { AccountShell } from '../../components/AccountShell';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import type { FlowScreenProps } from '../../lib/flows';
import { useLocale } from '../../lib/useLocale';
import { AutoRefillPage } from './AutoRefillPage';
import { EditPaymentPage } from './EditPaymentPage';
import { PaymentHistoryPage } from './PaymentHistoryPage';
import { usePaymentsContent } from './content';
import { accountFirstQueries } from '../../lib/firstQueries';
import { usePageAccount } from '../../lib/pageAccount';
import type { PaymentsPageDef } from './routes';
import '../../styles/dashboard.css';
import '../../styles/payments.css';

/** The payments pages' first screen reads the profile. */
export const firstQueries = accountFirstQueries();

/**
 * The payment pages (seed 001 §2 "Auto-refill page", "Payment history", "Service detail and
 * edit payment") in the signed-in shell. The account is the query's base64 `accountId`, else
 * the one chosen at sign-in; none: the account picker. Session errors are `SessionErrors`'.
 */
export function PaymentsScreen({ page }: FlowScreenProps<PaymentsPageDef>) {
  const locale = useLocale();
  const navigate = useNavigate();
  const { accountId, noAccount, keep } = usePageAccount();
  const content = usePaymentsContent(locale);
  useEffect(() => {
    if (noAccount) navigate(`/${locale}/account-picker`, { replace: true });
  }, [noAccount, navigate, locale]);

  const dashboardHref = `/${locale}/dashboard${keep}`;
  let body: ReactNode;
  if (content.isError) body = <ContentFallback />;
  else if (!content.data || !accountId) body = <ContentLoading />;
  else {
    const props = { accountId, content: content.data, locale, dashboardHref, backSearch: keep };
    body =
      page.id === 'edit-payment' ? (
        <EditPaymentPage {...props} />
      ) : page.id === 'auto-refill' ? (
        <AutoRefillPage {...props} />
      ) : (
        <PaymentHistoryPage {...props} />
      );
  }
  return (
    <AccountShell locale={locale} account="active">
      {body}
    </AccountShell>
  );
}
