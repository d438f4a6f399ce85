import { useEffect, type ReactNode } from 'react';
import { useLocation } from '../../app/router';
import { AlertBanner } from '../../components/AlertBanner';
import { ProgressBar } from '../../components/ProgressBar';
import { ShellFooter, ShellHeader } from '../../components/Shell';
import type { Dictionary } from '../../content/hooks';
import { fill } from '../../lib/format';
import { progressPercent } from '../../lib/flows';
import type { Locale } from '../../lib/locale';
import type { BuyContent } from './content';
import type { BuyPageDef } from './routes';
import { useBuyState } from './state';
import { KEYS, readSession } from './storage';

/** The page's progress bar (seed 000 §2), from its row of the table; none on pages without. */
function PageProgress({ content, page, returned }: { content: BuyContent['progress']; page: BuyPageDef; returned: boolean }) {
  const percent = progressPercent(page, returned);
  if (percent === undefined || !page.progress) return <ProgressPlaceholder />;
  return <ProgressBar title={content[page.progress.title]} percent={percent} valueText={fill(content.ariaLabel, { percent })} />;
}

/**
 * The bar's room on the pages without one (the entry's load screen): the page that follows has
 * a bar, and a bar appearing above the card would push it down (layout shift).
 */
function ProgressPlaceholder() {
  return (
    <div className="buy-progress buy-progress--placeholder" aria-hidden="true">
      <p className="buy-progress__title">{'\u00a0'}</p>
      <div className="buy-progress__track" />
    </div>
  );
}

/**
 * The log-out link (seed 000 §2): the provider's sign-out endpoint with the prepaid client id,
 * from content, unless content disables it, and only once somebody is signed in: the visitor
 * is anonymous until the identity router's hand-off came back with a session (the restored
 * session the session page keeps). The merchant shell never shows it.
 */
function logoutLink({ logout }: BuyContent, signedIn: boolean): { label: string; url: string } | undefined {
  return logout.disabled || !signedIn ? undefined : logout;
}

export interface BuyShellProps {
  locale: Locale;
  page: BuyPageDef;
  content: BuyContent;
  /** English buy-flow content: the footer always comes from it. */
  footer: BuyContent['buyflowFooter'];
  dictionary: Dictionary;
  children: ReactNode;
}

/** The buy-flow page shell (seed 000 §2): header with log-out, progress, banner, main, footer. */
export function BuyShell({ locale, page, content, footer, dictionary, children }: BuyShellProps) {
  const { loadScreen, notification, setNotification } = useBuyState();
  const { search } = useLocation();
  const returned = new URLSearchParams(search).has('digitalSessionId');

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <div className="shell" data-shell="buy">
      <ShellHeader dictionary={dictionary} locale={locale} logout={logoutLink(content, readSession(KEYS.restored) !== null)} />
      {/* named by the page heading: the card-entry frame holds a main landmark of its own */}
      <main id="main" className="shell-main buy-main" tabIndex={-1} aria-labelledby="buy-heading">
        {loadScreen ? <ProgressPlaceholder /> : <PageProgress content={content.progress} page={page} returned={returned} />}
        <AlertBanner message={notification} closeLabel={content.banner.closeLabel} onClose={() => setNotification(undefined)} />
        {children}
      </main>
      <ShellFooter dictionary={dictionary} footer={footer} />
    </div>
  );
}
