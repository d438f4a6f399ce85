import { useEffect, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useLocation } from 'react-router';
import { ShellFooter, ShellHeader } from '../../app/MerchantShell';
import type { Locale } from '../../app/locale';
import type { Dictionary } from '../../content/hooks';
import { fill } from '../../lib/format';
import type { BuyContent } from './content';
import { maskWidth, progressPercent, type BuyPage } from './progress';
import { useBuyState } from './state';

const PROGRESS_TITLE: Partial<Record<BuyPage, keyof BuyContent['progress']>> = {
  'direct-promo': 'directPromo',
  internet: 'internet',
  session: 'session',
  'customer-info': 'customerInfo',
  'order-details': 'orderDetails',
  'order-review': 'orderReview',
  'order-confirmation': 'confirmation',
  error: 'error',
  '404': 'error',
};

/** Progress bar (seed 000 §2): title and percent; the filled part is the percent. */
export function ProgressBar({ content, page, returned }: { content: BuyContent['progress']; page: BuyPage; returned: boolean }) {
  const percent = progressPercent(page, returned);
  const titleKey = PROGRESS_TITLE[page];
  if (percent === undefined || !titleKey) return null;
  const title = content[titleKey];
  return (
    <div className="buy-progress" data-testid="progress" data-percent={percent}>
      <p className="buy-progress__title" id="buy-progress-title">
        {title}
      </p>
      <div
        className="buy-progress__track"
        role="progressbar"
        aria-labelledby="buy-progress-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={fill(content.ariaLabel, { percent })}
      >
        <div className="buy-progress__fill" style={{ width: `${percent}%` }} />
        <div className="buy-progress__mask" style={{ width: `${maskWidth(percent)}%` }} />
      </div>
    </div>
  );
}

/** The closable warning banner: shown while a notification is set. */
export function WarningBanner({ closeLabel }: { closeLabel: string }) {
  const { notification, setNotification } = useBuyState();
  if (!notification) return null;
  return (
    <div className="buy-banner" role="alert" data-testid="warning-banner">
      <p>{notification}</p>
      <Button className="dialog__x" aria-label={closeLabel} onPress={() => setNotification(undefined)}>
        <span aria-hidden="true">×</span>
      </Button>
    </div>
  );
}

/**
 * The log-out link (seed 000 §2): the provider's sign-out endpoint with the prepaid client id,
 * from content, unless content disables it. The merchant shell never shows it.
 */
function logoutLink({ logout }: BuyContent): { label: string; url: string } | undefined {
  return logout.disabled ? undefined : logout;
}

export interface BuyShellProps {
  locale: Locale;
  page: BuyPage;
  content: BuyContent;
  /** English buy-flow content: the footer always comes from it. */
  footer: BuyContent['buyflowFooter'];
  dictionary: Dictionary;
  children: ReactNode;
}

/** The buy-flow page shell (seed 000 §2): header with log-out, progress, banner, main, footer. */
export function BuyShell({ locale, page, content, footer, dictionary, children }: BuyShellProps) {
  const { loadScreen } = useBuyState();
  const { search } = useLocation();
  const returned = new URLSearchParams(search).has('digitalSessionId');

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <div className="shell" data-shell="buy">
      <ShellHeader dictionary={dictionary} locale={locale} logout={logoutLink(content)} />
      {/* named by the page heading: the card-entry frame holds a main landmark of its own */}
      <main id="main" className="shell-main buy-main" tabIndex={-1} aria-labelledby="buy-heading">
        {!loadScreen && <ProgressBar content={content.progress} page={page} returned={returned} />}
        <WarningBanner closeLabel={content.banner.closeLabel} />
        {children}
      </main>
      <ShellFooter dictionary={dictionary} footer={footer} />
    </div>
  );
}
