import { ButtonLink } from '../components/ButtonLink';
import { NotFound } from '../components/NotFound';
import { useDictionary } from '../content/hooks';
import { ContentFallback, ContentLoading } from '../content/ContentFallback';
import { errorPageFlow, notFoundFlow, usePageTracking } from '../lib/analytics';
import type { Locale } from '../lib/locale';

function FullPageMessage({ locale, kind }: { locale: Locale; kind: 'errorPage' | 'notFound' }) {
  const dictionary = useDictionary(locale);
  usePageTracking(kind === 'errorPage' ? errorPageFlow : notFoundFlow, kind, locale);
  if (dictionary.isError) return <ContentFallback />;
  if (!dictionary.data) return <ContentLoading />;
  const d = dictionary.data;
  const title = d[kind].title;
  return (
    <section className="page-message" data-page={kind} data-stage={kind}>
      <title>{`${title} | ${d.siteName}`}</title>
      {kind === 'notFound' ? (
        <NotFound content={d.notFound} heading={(t) => <h1>{t}</h1>} />
      ) : (
        <>
          <h1>{title}</h1>
          <p>{d.errorPage.description}</p>
          <p>
            <ButtonLink to={d.errorPage.backUrl}>{d.errorPage.backLabel}</ButtonLink>
          </p>
        </>
      )}
    </section>
  );
}

export function ErrorPage({ locale }: { locale: Locale }) {
  return <FullPageMessage locale={locale} kind="errorPage" />;
}

export function NotFoundPage({ locale }: { locale: Locale }) {
  return <FullPageMessage locale={locale} kind="notFound" />;
}
