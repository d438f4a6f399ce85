import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from '../../app/router';
import { AccountShell } from '../../components/AccountShell';
import { PermissionError } from '../../components/PermissionError';
import { useAll } from '../../content/hooks';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { sessionErrorTarget } from '../../lib/accountSession';
import { usePageTracking } from '../../lib/analytics';
import type { FlowScreenProps } from '../../lib/flows';
import type { Locale } from '../../lib/locale';
import { useLocale } from '../../lib/useLocale';
import { activateAccount, activationQuery, type ActivateBody } from './api';
import { useActivationContent, type ActivationTexts } from './content';
import { accountInQuery } from '../../lib/pageAccount';
import { accountFirstQueries } from '../../lib/firstQueries';
import { carriedQuery } from './entry';
import { ErrorView } from './ErrorView';
import { ProgressPage } from './ProgressPage';
import { activationFlow, type ActivationPageDef } from './routes';
import { StepsPage } from './StepsPage';
import { ACTIVATION_ERROR_REDIRECT_MS } from './timers';
import { useActivationTimeout } from './useActivationTimeout';
import '../../styles/activation.css';

/** The activation's first screen reads the profile. */
export const firstQueries = accountFirstQueries();

/** The activation pages in the signed-in shell (no refill button: the account is not active yet). */
export function ActivationScreen({ page }: FlowScreenProps<ActivationPageDef>) {
  const locale = useLocale();
  const texts = useActivationContent(locale);
  let body: ReactNode;
  if (page.id === 'permission-error') body = <PermissionErrorPage locale={locale} />;
  else if (texts.isError && page.id === 'error') body = <ContentFallback />;
  else if (!texts.data && !texts.isError) body = <ContentLoading />;
  else if (page.id === 'error') body = <ErrorPage texts={texts.data as ActivationTexts} locale={locale} />;
  else body = <ActivationPages page={page} locale={locale} texts={texts.data} contentFailure={texts.error} />;
  return (
    <AccountShell locale={locale} hideStickyCta>
      {body}
    </AccountShell>
  );
}

/** `/{locale}/activation/permission-error` (seed 001 §2): the shared permission-error page, its texts the `all` bundle's. */
function PermissionErrorPage({ locale }: { locale: Locale }) {
  const all = useAll(locale);
  usePageTracking(activationFlow, 'permission-error', locale);
  if (all.isError) return <ContentFallback />;
  if (!all.data) return <ContentLoading />;
  return <PermissionError content={all.data.permissionError} />;
}

function ErrorPage({ texts, locale }: { texts: ActivationTexts; locale: Locale }) {
  usePageTracking(activationFlow, 'error', locale);
  return <ErrorView texts={texts.error} />;
}

/**
 * The steps and the progress page (seed 001 §4 "Activation", §8): the link's base64 `accountId`
 * missing or not 16 digits goes to the error page at once; `getActivation` (or the content)
 * failing, or answering `next: error`, goes there after 3 s. Session errors, the non-owner's
 * `PERMISSION_DENIED` among them, are `app/SessionErrors.tsx`'s (the permission-error page).
 */
function ActivationPages({
  page,
  locale,
  texts,
  contentFailure,
}: {
  page: ActivationPageDef;
  locale: Locale;
  texts: ActivationTexts | undefined;
  contentFailure: unknown;
}) {
  const navigate = useNavigate();
  const search = useSearchParams();
  const accountId = accountInQuery(search);
  const query = carriedQuery(search);
  const errorHref = `/${locale}/activation/error${query}`;
  const activation = useQuery({ ...activationQuery(accountId ?? '', search.get('guid')), enabled: accountId !== undefined });
  const run = useMutation({ mutationFn: (body: ActivateBody) => activateAccount(accountId ?? '', body) });
  const loggingOut = useActivationTimeout(locale);

  const failure = activation.error ?? contentFailure;
  const sessionError = activation.error ? sessionErrorTarget(activation.error, locale) !== undefined : false;
  const failed = !sessionError && (failure != null || activation.data?.next === 'error');
  const stage = loggingOut ? 'logging-out' : failed ? 'failed' : page.id === 'activate' ? 'activate' : activation.data ? 'steps' : 'loading';
  usePageTracking(activationFlow, stage, locale, failure ?? undefined);

  useEffect(() => {
    if (accountId === undefined) navigate(errorHref, { replace: true });
  }, [accountId, navigate, errorHref]);
  useEffect(() => {
    if (!failed) return;
    const t = setTimeout(() => navigate(errorHref, { replace: true }), ACTIVATION_ERROR_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [failed, navigate, errorHref]);
  // the progress page without an activation started here (a reload): back to the steps
  const orphan = page.id === 'activate' && run.isIdle;
  useEffect(() => {
    if (orphan) navigate(`/${locale}/activation${query}`, { replace: true });
  }, [orphan, navigate, locale, query]);

  if (loggingOut && texts) {
    return (
      <section className="page-message" data-page="activation" data-stage="logging-out">
        <p role="status">{texts.timeout.loggingOut}</p>
      </section>
    );
  }
  if (!texts || !activation.data || failed || orphan) {
    return (
      <section className="page-message" data-page="activation" data-stage={failed ? 'failed' : 'loading'} aria-busy="true">
        <div className="spinner" aria-hidden="true" />
        {texts && <p role="status">{texts.page.loading}</p>}
      </section>
    );
  }
  const data = activation.data;
  if (page.id === 'activate') {
    const flags = carriedQuery(search, ['bhr', 'mobile']).replace(/^\?/, '&');
    const dashboardHref = `/${locale}/dashboard?accountId=${encodeURIComponent(search.get('accountId') ?? '')}${flags}`;
    return <ProgressPage texts={texts.activate} activation={data} run={run} dashboardHref={dashboardHref} errorHref={errorHref} />;
  }
  return (
    <StepsPage
      texts={texts}
      activation={data}
      locale={locale}
      onActivate={(body) => {
        run.mutate(body);
        navigate(`/${locale}/activation/activate${query}`);
      }}
    />
  );
}
