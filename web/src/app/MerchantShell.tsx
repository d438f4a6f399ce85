import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useBuyflow, useDictionary } from '../content/hooks';
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
      <header className="shell-header">
        <a className="skip-link" href="#main">
          {d.skipToContent}
        </a>
        <div className="shell-header__inner">
          <span className="shell-logo">
            <img src="/images/gateway.svg" alt="" width="28" height="28" />
            <span>{d.siteName}</span>
          </span>
          <nav aria-label={d.languageToggleLabel}>
            <LanguageToggle locale={locale} label={d.languageToggleLabel} text={d.switchToLanguage} />
          </nav>
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="shell-footer" lang="en">
        <div className="shell-footer__inner">
          <nav aria-label={d.footerNavLabel}>
            <ul className="footer-links">
              {f.links.map((link) => (
                <li key={`${link.label}-${link.url}`}>
                  <a
                    href={link.url}
                    target={link.target}
                    rel={link.target === '_blank' ? 'noopener noreferrer' : undefined}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="footer-copyright">{f.copyright}</p>
        </div>
      </footer>
    </div>
  );
}
