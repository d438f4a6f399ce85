import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '../../app/router';
import { AccountShell } from '../../components/AccountShell';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { profileQuery } from '../../lib/accountSession';
import type { FlowScreenProps } from '../../lib/flows';
import { useLocale } from '../../lib/useLocale';
import { AutoRefillPage } from './AutoRefillPage';
import { EditPaymentPage } from './EditPaymentPage';
import { PaymentHistoryPage } from './PaymentHistoryPage';
import { usePaymentsContent } from './content';
import { decodeAccountId } from '../../lib/accountId';
import { accountFirstQueries } from '../../lib/firstQueries';
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
  const search = useSearchParams();
  const fromQuery = decodeAccountId(search.get('accountId'));
  const profile = useQuery({ ...profileQuery, enabled: fromQuery === undefined });
  const accountId = fromQuery ?? profile.data?.accountId;
  const content = usePaymentsContent(locale);
  const noAccount = fromQuery === undefined && profile.data !== undefined && !profile.data.accountId;
  useEffect(() => {
    if (noAccount) navigate(`/${locale}/account-picker`, { replace: true });
  }, [noAccount, navigate, locale]);

  const backSearch = search.get('accountId') ? `?accountId=${encodeURIComponent(search.get('accountId') ?? '')}` : '';
  const dashboardHref = `/${locale}/dashboard${backSearch}`;
  let body: ReactNode;
  if (content.isError) body = <ContentFallback />;
  else if (!content.data || !accountId) body = <ContentLoading />;
  else {
    const props = { accountId, content: content.data, locale, dashboardHref, backSearch };
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
