import type { ReactNode } from 'react';
import { AccountShell } from '../components/AccountShell';
import { ContentLink } from '../components/ContentLink';
import { NotFound } from '../components/NotFound';
import { SignedOutShell } from '../components/SignedOutShell';
import { useAccountDashboardSections } from '../content/accountDashboard';
import { useAll, useBuyflow, useDictionary } from '../content/hooks';
import { lastFailureReference } from '../lib/failureReference';
import { useState } from 'react';
import { ContentFallback, ContentLoading } from '../content/ContentFallback';
import { errorPageFlow, notFoundFlow, usePageTracking } from '../lib/analytics';
import { accountDashboardNeed } from '../lib/flows';
import type { Locale } from '../lib/locale';
import { useKeptQuery } from '../lib/signedInQuery';

/**
 * What the shared pages read of the `account-dashboard` bundle (`sharedPageContent` of
 * `lib/flows.ts`): the back-to-dashboard label (`detail.back`) and the customer-care call link
 * (`acp.call`, seed 001 §9: 1-855-75-PREPAID, in Spanish 1-855-75-PREPAGO).
 */
const sharedPagesContent = accountDashboardNeed(['detail', 'acp']);

type Kind = 'errorPage' | 'notFound';

/**
 * The body of the error page (seed 001 §2, 002 §8: title, description, a call link and a
 * secondary link) or of the not-found page (seed 001 §2, 002 §8: "oops", the
 * resource-unavailable text, a back-to-dashboard link and a secondary link). The dashboard link
 * keeps the page's signed-in query (`keptQuery`).
 */
function Message({ locale, kind }: { locale: Locale; kind: Kind }) {
  const dictionary = useDictionary(locale);
  const texts = useAccountDashboardSections(locale, sharedPagesContent);
  const keep = useKeptQuery();
  usePageTracking(kind === 'errorPage' ? errorPageFlow : notFoundFlow, kind, locale);
  if (dictionary.isError || texts.isError) return <ContentFallback />;
  if (!dictionary.data || !texts.data) return <ContentLoading />;
  const d = dictionary.data;
  const title = d[kind].title;
  return (
    <section className="page-message" data-page={kind} data-stage={kind}>
      <title>{`${title} | ${d.siteName}`}</title>
      {kind === 'notFound' ? (
        <NotFound
          content={d.notFound}
          heading={(t) => <h1>{t}</h1>}
          back={{ label: texts.data.detail.back, to: `/${locale}/dashboard${keep}` }}
        />
      ) : (
        <>
          <h1>{title}</h1>
          <p>{d.errorPage.description}</p>
          <FailureReference locale={locale} />
          <p className="not-found__links">
            <ContentLink className="button button--primary" link={texts.data.acp.call} />
            <a className="button button--link" href={d.errorPage.backUrl}>
              {d.errorPage.backLabel}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

/**
 * The reference of the failure that led here (the BFF's request id), for the customer to give
 * support; its label is the error catalogue's (`buyflow.errorCatalogue.codeLabel`). None when
 * no call failed just before.
 */
export function FailureReference({ locale }: { locale: Locale }) {
  const [reference] = useState(() => lastFailureReference());
  const buyflow = useBuyflow(locale);
  if (!reference || !buyflow.data) return null;
  return (
    <p className="failure-reference" data-testid="failure-reference">
      {buyflow.data.errorCatalogue.codeLabel}: <span translate="no">{reference}</span>
    </p>
  );
}

/** The error or not-found page in the account area's signed-out shell: its footer in the page's language. */
function SharedPage({ locale, kind }: { locale: Locale; kind: Kind }) {
  return (
    <SharedShell locale={locale}>
      <Message locale={locale} kind={kind} />
    </SharedShell>
  );
}

/**
 * The shared pages' shell: the account area's signed-out shell (logo to the dashboard, language
 * switch, the footer in the page's language; seed 000 §2's English buy-flow footer is the buy
 * flow's own). Nobody need be signed in: no profile, navigation or timeout.
 */
export function SharedShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const all = useAll(locale);
  const dictionary = useDictionary(locale);
  if (all.isError || dictionary.isError) {
    return (
      <main id="main" className="shell-main">
        <ContentFallback />
      </main>
    );
  }
  if (!all.data || !dictionary.data) return <ContentLoading />;
  return (
    <SignedOutShell locale={locale} all={all.data} dictionary={dictionary.data} logoTo={`/${locale}/dashboard`}>
      {children}
    </SignedOutShell>
  );
}

/** `/{locale}/error`: the generic error page. */
export function ErrorPage({ locale }: { locale: Locale }) {
  return <SharedPage locale={locale} kind="errorPage" />;
}

/** The app's not-found page (any path no flow takes). */
export function NotFoundPage({ locale }: { locale: Locale }) {
  return <SharedPage locale={locale} kind="notFound" />;
}

/**
 * A not-found path below a signed-in flow (`/{locale}/dashboard/…`, `/{locale}/refill/…`): the
 * not-found page inside the signed-in shell (header, navigation, main, footer), its link back to
 * the dashboard keeping the page's account and flags.
 */
export function AccountNotFoundPage({ locale }: { locale: Locale }) {
  return (
    <AccountShell locale={locale}>
      <Message locale={locale} kind="notFound" />
    </AccountShell>
  );
}
