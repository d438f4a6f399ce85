import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from '../app/router';
import { useAll, useDictionary, type AllContent, type Dictionary } from '../content/hooks';
import { ContentFallback, ContentLoading } from '../content/ContentFallback';
import { profileQuery, signOutAndLeave } from '../lib/accountSession';
import { otherLocale, swapLocalePath, type Locale } from '../lib/locale';
import { useKeptQuery } from '../lib/signedInQuery';
import { AccountLink, AccountNav } from './AccountNav';
import { ContentLink } from './ContentLink';
import { SessionTimeout } from './SessionTimeout';
import '../styles/account.css';

/** The account's state as the shell shows it: Refill for active, Reactivate for deactivated. */
export type ShellAccountState = 'active' | 'deactivated' | 'none';

export interface AccountShellProps {
  locale: Locale;
  children: ReactNode;
  /** Refill button (active) or Reactivate button (deactivated), header and sticky bar. */
  account?: ShellAccountState;
  /** A move is scheduled: the notification badge reads 1, move items are hidden. */
  moveScheduled?: boolean;
  /** A valid non-winback promo on an active account: the sticky bar's promo banner. */
  promo?: boolean;
  /** Hide the sticky bottom call to action (refill, move and reconnect pages). */
  hideStickyCta?: boolean;
  /**
   * The account's activation page when it has something to activate (the dashboard's
   * account-state page): the navigation's `activate` item links there. Without it the item is
   * not shown: an active account has nothing to activate (its activation page is an error).
   */
  activationHref?: string;
}

/** `mobile=true` in the query: the app runs in the provider's mobile app (no footer). */
export function useInApp(): boolean {
  return useSearchParams().get('mobile') === 'true';
}

/** The link to the same page in the other language (seed 000 §2: swaps /en/ and /es/, keeps the rest). */
export function LanguageSwitch({ locale, d }: { locale: Locale; d: Dictionary }) {
  const location = useLocation();
  const target = otherLocale(locale);
  return (
    <Link
      className="lang-toggle"
      to={swapLocalePath(location.pathname, target) + location.search}
      aria-label={d.languageToggleLabel}
      hrefLang={target}
      lang={target}
      data-testid="language-toggle"
    >
      {d.switchToLanguage}
    </Link>
  );
}

/** Refill (active) or Reactivate (deactivated): the same button in the header and the bar. */
function AccountAction({ state, header, locale, keep }: { state: ShellAccountState; header: AllContent['header']; locale: Locale; keep: string }) {
  if (state === 'none') return null;
  const link = state === 'active' ? header.refill : header.reactivate;
  return <AccountLink link={link} locale={locale} keep={keep} className="button button--primary" />;
}

/**
 * The navigation as shown: the `activate` item only for an account with something to activate,
 * linking to its activation page (`activationHref`, below the locale as content links are).
 */
function navigationOf(items: AllContent['navigation'], activationHref: string | undefined, locale: Locale): AllContent['navigation'] {
  return items.flatMap((item) => {
    if (item.type !== 'activate') return [item];
    if (activationHref === undefined) return [];
    return [{ ...item, url: activationHref.replace(new RegExp(`^/${locale}(?=/)`), '') }];
  });
}

/** Footer: copyright and five links from content, in the page's language. */
export function AccountFooter({ footer, label }: { footer: AllContent['footer']; label: string }) {
  return (
    <footer className="shell-footer">
      <div className="shell-footer__inner">
        <nav aria-label={label}>
          <ul className="footer-links">
            {footer.links.map((link) => (
              <li key={`${link.label}-${link.url}`}>
                <ContentLink link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}

/**
 * The signed-in page shell (seed 001 §2 "Page shell"): header with logo, greeting (chosen
 * first name, else first name), the notification badge while a move is scheduled, log out, a
 * mobile menu and the navigation from content; the sticky bottom call to action; the footer
 * (hidden in-app); the session-timeout modal. Used around every signed-in page.
 */
export function AccountShell({
  locale,
  children,
  account = 'none',
  moveScheduled = false,
  promo = false,
  hideStickyCta = false,
  activationHref,
}: AccountShellProps) {
  const all = useAll(locale);
  // every link of the shell keeps the page's account and the bhr / mobile flags (seed 001 §2, §4)
  const keep = useKeptQuery();
  const dictionary = useDictionary(locale);
  const profile = useQuery(profileQuery);
  const inApp = useInApp();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  if (all.isError || dictionary.isError) {
    return (
      <main id="main" className="shell-main">
        <ContentFallback />
      </main>
    );
  }
  if (!all.data || !dictionary.data) return <ContentLoading />;
  const c = all.data;
  const d = dictionary.data;
  const h = c.header;
  const name = profile.data?.greetingName;

  return (
    <div className="shell account-shell" data-shell="account">
      <meta name="robots" content="noindex" />
      <header className="shell-header account-header">
        <a className="skip-link" href="#main">
          {d.skipToContent}
        </a>
        <div className="shell-header__inner">
          <Link className="shell-logo" to={`/${locale}/dashboard${keep}`}>
            <img src={h.logo.src} alt={h.logo.alt} width="28" height="28" />
            <span aria-hidden="true">{d.siteName}</span>
          </Link>
          <div className="shell-header__nav">
            {/* room kept while the profile loads, so nothing shifts */}
            <span className="account-header__greeting" data-testid="greeting">
              {name ? h.greeting.replace('{name}', name) : '\u00a0'}
            </span>
            {moveScheduled && (
              <Link
                className="account-header__badge"
                to={`/${locale}/dashboard/notifications${keep}`}
                aria-label={h.notificationsLabel.replace('{count}', '1')}
                data-testid="notification-badge"
              >
                1
              </Link>
            )}
            <LanguageSwitch locale={locale} d={d} />
            {/* log out only for somebody signed in (the profile answered): a visitor on the way to the sign-in has nothing to end */}
            {profile.data && (
              <button type="button" className="lang-toggle account-header__logout" data-testid="logout" onClick={() => void signOutAndLeave(locale)}>
                {h.logout}
              </button>
            )}
          </div>
        </div>
        <div className="account-header__bar">
          {/* the mobile menu: on narrow screens the navigation shows only while it is open */}
          <button
            type="button"
            className="account-header__menu-button"
            aria-expanded={menuOpen}
            aria-controls="account-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {h.menu}
          </button>
          <div id="account-nav" className="account-header__nav" data-open={menuOpen}>
            <AccountNav
              items={navigationOf(c.navigation, activationHref, locale)}
              locale={locale}
              moveScheduled={moveScheduled}
              label={h.navigationLabel}
              keep={keep}
            />
          </div>
          <AccountAction state={account} header={h} locale={locale} keep={keep} />
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      {!hideStickyCta && account !== 'none' && (
        <aside className="sticky-cta" aria-label={c.stickyCta.label} data-testid="sticky-cta">
          {promo && account === 'active' && <p className="sticky-cta__promo">{c.stickyCta.promo}</p>}
          <AccountAction state={account} header={h} locale={locale} keep={keep} />
        </aside>
      )}
      {!inApp && <AccountFooter footer={c.footer} label={d.footerNavLabel} />}
      <SessionTimeout locale={locale} content={c.sessionTimeout} />
    </div>
  );
}
