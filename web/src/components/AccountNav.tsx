import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { Link } from '../app/router';
import type { AllContent } from '../content/hooks';
import type { Locale } from '../lib/locale';
import { withKept } from '../lib/signedInQuery';

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

/**
 * A content link: `/...` is below the locale (an app route), anything else leaves the app. An
 * app route keeps `keep`, the signed-in query (`keptQuery`: the page's account, `bhr`, `mobile`).
 */
export function AccountLink({ link, locale, className, keep = '' }: { link: LinkContent; locale: Locale; className?: string; keep?: string }) {
  if (link.url.startsWith('/') && link.target !== '_blank') {
    return (
      <Link className={className} to={withKept(`/${locale}${link.url}`, keep)}>
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
  keep = '',
}: {
  items: readonly NavItem[];
  locale: Locale;
  moveScheduled: boolean;
  label: string;
  /** The signed-in query its app links keep (`keptQuery`). */
  keep?: string;
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
                  <AccountLink link={item} locale={locale} keep={keep} className="account-nav__link" />
                ) : (
                  <Disclosure className="account-nav__flyout">
                    <Button slot="trigger" className="account-nav__link account-nav__toggle">
                      {item.label}
                    </Button>
                    <DisclosurePanel className="account-nav__panel">
                      <ul>
                        {flyout.map((link) => (
                          <li key={link.url}>
                            <AccountLink link={link} locale={locale} keep={keep} />
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
