import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useBuyflow, useDictionary, type Buyflow, type Dictionary } from '../content/hooks';
import { ContentLink } from '../components/ContentLink';
import { ContentFallback, ContentLoading } from '../content/ContentFallback';
import { otherLocale, swapLocalePath, type Locale } from './locale';

export function LanguageToggle({ locale, label, text }: { locale: Locale; label: string; text: string }) {
  const location = useLocation();
  const target = otherLocale(locale);
  return (
    <Link
      className="lang-toggle"
      to={{ pathname: swapLocalePath(location.pathname, target), search: location.search, hash: location.hash }}
      aria-label={label}
      hrefLang={target}
      lang={target}
      data-testid="language-toggle"
    >
      {text}
    </Link>
  );
}

/** The page header: skip link, logo, language toggle and, when given, the log-out link. */
export function ShellHeader({
  dictionary: d,
  locale,
  logout,
}: {
  dictionary: Dictionary;
  locale: Locale;
  logout?: { label: string; url: string };
}) {
  return (
    <header className="shell-header">
      <a className="skip-link" href="#main">
        {d.skipToContent}
      </a>
      <div className="shell-header__inner">
        <span className="shell-logo">
          <img src="/images/gateway.svg" alt="" width="28" height="28" />
          <span>{d.siteName}</span>
        </span>
        <div className="shell-header__nav">
          <nav aria-label={d.languageToggleLabel}>
            <LanguageToggle locale={locale} label={d.languageToggleLabel} text={d.switchToLanguage} />
          </nav>
          {/* outside the language nav: its accessible name says "change language" */}
          {logout && (
            <a className="lang-toggle" href={logout.url} data-testid="logout">
              {logout.label}
            </a>
          )}
        </div>
      </div>
    </header>
  );
}

/** The footer: links and copyright, always from the English buy-flow content (seed 000 §2). */
export function ShellFooter({ dictionary: d, footer: f }: { dictionary: Dictionary; footer: Buyflow['buyflowFooter'] }) {
  return (
    <footer className="shell-footer" lang="en">
      <div className="shell-footer__inner">
        <nav aria-label={d.footerNavLabel}>
          <ul className="footer-links">
            {f.links.map((link) => (
              <li key={`${link.label}-${link.url}`}>
                <ContentLink link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-copyright">{f.copyright}</p>
      </div>
    </footer>
  );
}

/** Merchant page shell (seed 000 §2): header (logout hidden), no-index, skip link, main, footer. */
export function MerchantShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const dictionary = useDictionary(locale);
  const footer = useBuyflow('en');

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  if (dictionary.isError || footer.isError) {
    return (
      <>
        <meta name="robots" content="noindex" />
        <main id="main" className="shell-main">
          <ContentFallback />
        </main>
      </>
    );
  }
  if (!dictionary.data || !footer.data) return <ContentLoading />;

  const d = dictionary.data;
  const f = footer.data.buyflowFooter;
  return (
    <div className="shell" data-shell="merchant">
      <meta name="robots" content="noindex" />
      <ShellHeader dictionary={d} locale={locale} />
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <ShellFooter dictionary={d} footer={f} />
    </div>
  );
}
