import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '../../app/router';
import { AccountLink, AccountNav } from '../../components/AccountNav';
import { AccountFooter, LanguageSwitch } from '../../components/AccountShell';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { useAll, useDictionary } from '../../content/hooks';
import type { Locale } from '../../lib/locale';
import type { LitepayTexts } from './content';
import '../../styles/account.css';

/**
 * The quick refill's page shell (seed 002 §2.11): no sign-in, so none of the signed-in shell's
 * greeting, log-out or session timeout. Header: logo, the navigation flyouts of content (a
 * Disclosure each: Enter or Space toggles), the account link (sign in), the language switch,
 * the mobile menu; footer: the five legal links and the copyright, in the page's language.
 */
export function LitepayShell({ locale, texts, children, aside }: { locale: Locale; texts: LitepayTexts['litepay']; children: ReactNode; aside?: ReactNode }) {
  const all = useAll(locale);
  const dictionary = useDictionary(locale);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  if (all.isError || dictionary.isError)
    return (
      <main id="main" className="shell-main">
        <ContentFallback />
      </main>
    );
  if (!all.data || !dictionary.data) return <ContentLoading />;
  const c = all.data;
  const d = dictionary.data;
  const h = c.header;
  return (
    <div className="shell account-shell litepay-shell" data-shell="litepay">
      <header className="shell-header account-header">
        <a className="skip-link" href="#main">
          {d.skipToContent}
        </a>
        <div className="shell-header__inner">
          <Link className="shell-logo" to={`/${locale}/litepay/refill`}>
            <img src={h.logo.src} alt={h.logo.alt} width="28" height="28" />
            <span aria-hidden="true">{d.siteName}</span>
          </Link>
          <div className="shell-header__nav">
            <AccountLink link={texts.accountLink} locale={locale} className="lang-toggle" />
            <LanguageSwitch locale={locale} d={d} />
          </div>
        </div>
        <div className="account-header__bar">
          <button
            type="button"
            className="account-header__menu-button"
            aria-expanded={menuOpen}
            aria-controls="litepay-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {texts.menu}
          </button>
          <div id="litepay-nav" className="account-header__nav" data-open={menuOpen}>
            <AccountNav items={c.navigation} locale={locale} moveScheduled={false} label={h.navigationLabel} />
          </div>
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      {aside}
      <AccountFooter footer={c.footer} label={d.footerNavLabel} />
    </div>
  );
}
