import { ButtonLink } from '../components/ButtonLink';
import { useDictionary } from '../content/hooks';
import { ContentFallback, ContentLoading } from '../content/ContentFallback';
import type { Locale } from '../lib/locale';

function FullPageMessage({ locale, kind }: { locale: Locale; kind: 'errorPage' | 'notFound' }) {
  const dictionary = useDictionary(locale);
  if (dictionary.isError) return <ContentFallback />;
  if (!dictionary.data) return <ContentLoading />;
  const page = dictionary.data[kind];
  return (
    <section className="page-message" data-page={kind} data-stage={kind}>
      <title>{`${page.title} | ${dictionary.data.siteName}`}</title>
      <h1>{page.title}</h1>
      <p>{page.description}</p>
      <p>
        <ButtonLink to={page.backUrl}>{page.backLabel}</ButtonLink>
      </p>
    </section>
  );
}

export function ErrorPage({ locale }: { locale: Locale }) {
  return <FullPageMessage locale={locale} kind="errorPage" />;
}

export function NotFoundPage({ locale }: { locale: Locale }) {
  return <FullPageMessage locale={locale} kind="notFound" />;
}
