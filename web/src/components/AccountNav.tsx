import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { Link } from '../app/router';
import type { AllContent } from '../content/hooks';
import type { Locale } from '../lib/locale';

type NavItem = AllContent['navigation'][number];
type LinkContent = NavItem['flyout'][number];

/**
 * Which navigation links show (seed 001 §2 "Page shell"): flyout items linking to
 * `detail-xitv` never; move items not while a move is scheduled.
 */
export function visibleLink(link: { url: string }, moveScheduled: boolean): boolean {
  if (link.url.includes('detail-xitv')) return false;
  return !(moveScheduled && /(^|\/)move(\/|$)/.test(link.url));
}

/** A content link: `/...` is below the locale (an app route), anything else leaves the app. */
export function AccountLink({ link, locale, className }: { link: LinkContent; locale: Locale; className?: string }) {
  if (link.url.startsWith('/') && link.target !== '_blank') {
    return (
      <Link className={className} to={`/${locale}${link.url}`}>
        {link.label}
      </Link>
    );
  }
  return (
    <a className={className} href={link.url} target={link.target} rel={link.target === '_blank' ? 'noopener noreferrer' : undefined}>
      {link.label}
    </a>
  );
}

/**
 * The navigation built from content: an item with flyout links is a button that toggles its
 * flyout (a react-aria Disclosure: Enter or Space toggles it), the others are links.
 */
export function AccountNav({
  items,
  locale,
  moveScheduled,
  label,
}: {
  items: readonly NavItem[];
  locale: Locale;
  moveScheduled: boolean;
  label: string;
}) {
  return (
    <nav aria-label={label} className="account-nav">
      <ul className="account-nav__list">
        {items
          .filter((item) => visibleLink(item, moveScheduled))
          .map((item) => {
            const flyout = item.flyout.filter((l) => visibleLink(l, moveScheduled));
            return (
              <li key={`${item.type}-${item.label}`} className="account-nav__item" data-nav-type={item.type}>
                {flyout.length === 0 ? (
                  <AccountLink link={item} locale={locale} className="account-nav__link" />
                ) : (
                  <Disclosure className="account-nav__flyout">
                    <Button slot="trigger" className="account-nav__link account-nav__toggle">
                      {item.label}
                    </Button>
                    <DisclosurePanel className="account-nav__panel">
                      <ul>
                        {flyout.map((link) => (
                          <li key={link.url}>
                            <AccountLink link={link} locale={locale} />
                          </li>
                        ))}
                      </ul>
                    </DisclosurePanel>
                  </Disclosure>
                )}
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
