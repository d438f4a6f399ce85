import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from '../app/router';
import { AccountFooter, useInApp } from './AccountShell';
import type { AllContent, Dictionary } from '../content/hooks';
import { otherLocale, swapLocalePath, type Locale } from '../lib/locale';

/**
 * The account area's shell of the signed-out pages (the sign-in pages, the shared error and
 * not-found pages): logo (to `logoTo`), the language switch (same page and query in the other
 * language), the account area's footer in the page's language unless in-app. No greeting,
 * navigation or timeout: nobody is signed in yet (or any more), or nobody need be.
 */
export function SignedOutShell({
  locale,
  all,
  dictionary: d,
  logoTo,
  children,
}: {
  locale: Locale;
  all: AllContent;
  dictionary: Dictionary;
  logoTo: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const inApp = useInApp();
  const target = otherLocale(locale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // `/` is the English handoff: its Spanish twin is `/es/handoff`
  const pathname = location.pathname === '/' ? '/en/handoff' : location.pathname;
  return (
    <div className="shell account-shell" data-shell="signin">
      <meta name="robots" content="noindex" />
      <header className="shell-header">
        <a className="skip-link" href="#main">
          {d.skipToContent}
        </a>
        <div className="shell-header__inner">
          <Link className="shell-logo" to={logoTo}>
            <img src={all.header.logo.src} alt={all.header.logo.alt} width="28" height="28" />
            <span aria-hidden="true">{d.siteName}</span>
          </Link>
          <div className="shell-header__nav">
            <Link
              className="lang-toggle"
              to={swapLocalePath(pathname, target) + location.search}
              aria-label={d.languageToggleLabel}
              hrefLang={target}
              lang={target}
              data-testid="language-toggle"
            >
              {d.switchToLanguage}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      {!inApp && <AccountFooter footer={all.footer} label={d.footerNavLabel} />}
    </div>
  );
}
