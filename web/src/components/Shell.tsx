import type { MouseEvent } from 'react';
import { Link, useLocation } from '../app/router';
import { api, resetXsrfToken } from '../api/client';
import type { Buyflow, Dictionary } from '../content/hooks';
import { otherLocale, swapLocalePath, type Locale } from '../lib/locale';
import { ContentLink } from './ContentLink';

/** The link to the same page in the other language (seed 000 §2). */
function LanguageToggle({ locale, label, text }: { locale: Locale; label: string; text: string }) {
  const location = useLocation();
  const target = otherLocale(locale);
  return (
    <Link
      className="lang-toggle"
      to={swapLocalePath(location.pathname, target) + location.search + location.hash}
      aria-label={label}
      hrefLang={target}
      lang={target}
      data-testid="language-toggle"
    >
      {text}
    </Link>
  );
}

/** Log-out: the BFF deletes the session first (whatever it answers), then the sign-out page. */
function endSession(e: MouseEvent<HTMLAnchorElement>, url: string) {
  e.preventDefault();
  void api
    .POST('/secure/logout')
    .catch(() => undefined)
    .finally(() => {
      resetXsrfToken();
      window.location.assign(url);
    });
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
            <a className="lang-toggle" href={logout.url} data-testid="logout" onClick={(e) => endSession(e, logout.url)}>
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
