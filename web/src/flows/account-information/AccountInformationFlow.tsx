import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '../../app/router';
import { AccountShell } from '../../components/AccountShell';
import { SyncUpCheck } from '../../components/SyncUpCheck';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { usePageTracking } from '../../lib/analytics';
import { sessionErrorTarget } from '../../lib/accountSession';
import type { FlowScreenProps } from '../../lib/flows';
import { useLocale } from '../../lib/useLocale';
import { accountFirstQueries } from '../../lib/firstQueries';
import { usePageAccount } from '../../lib/pageAccount';
import { accountInformationQuery } from './api';
import { AccountInfoCard } from './AccountInfoCard';
import { useAccountInformationContent } from './content';
import { PreferencesCard } from './PreferencesCard';
import { accountInformationFlow, type AccountInformationPageDef } from './routes';
import '../../styles/account-information.css';

/** The account information's first screen reads the profile. */
export const firstQueries = accountFirstQueries();

/**
 * `/{locale}/dashboard/account-information` in the signed-in shell: the account card and the
 * communication-preferences card of the query's account, else the one chosen at sign-in;
 * without one, the account picker. Session errors are `SessionErrors`'; any other failure shows
 * the catalogue's connection message in place.
 */
export function AccountInformationFlow({ page }: FlowScreenProps<AccountInformationPageDef>) {
  const locale = useLocale();
  const navigate = useNavigate();
  const { profile, accountId, noAccount } = usePageAccount({ withProfile: true });
  const content = useAccountInformationContent(locale);
  const info = useQuery({ ...accountInformationQuery(accountId ?? ''), enabled: accountId !== undefined });
  usePageTracking(accountInformationFlow, page.id, locale, profile.error ?? info.error);
  useEffect(() => {
    if (noAccount) navigate(`/${locale}/account-picker`, { replace: true });
  }, [noAccount, navigate, locale]);

  const c = content.data;
  const failed = (info.isError && !sessionErrorTarget(info.error, locale)) || (profile.isError && !sessionErrorTarget(profile.error, locale));
  let body;
  if (content.isError) body = <ContentFallback />;
  else if (!c) body = <ContentLoading />;
  else if (failed)
    body = (
      <p className="alert" role="alert" data-stage="load-failed">
        {c.loadFailed}
      </p>
    );
  else if (!info.data || !accountId)
    body = (
      <div role="status" aria-busy="true" data-stage="loading">
        <span className="spinner" aria-hidden="true" />
        <p>{c.loading}</p>
      </div>
    );
  else
    body = (
      <>
        <AccountInfoCard info={info.data} c={c.card} />
        <PreferencesCard accountId={accountId} saved={info.data.preferences} c={c.preferences} />
        <SyncUpCheck accountId={accountId} locale={locale} />
      </>
    );
  return (
    // the account's state is the dashboard's to tell: no Refill or Reactivate here
    <AccountShell locale={locale} account="none">
      <div className="account-info" data-page="account-information">
        {c && <title>{c.title}</title>}
        <h1>{c?.title}</h1>
        {body}
      </div>
    </AccountShell>
  );
}
