import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from '../../app/router';
import { AccountShell } from '../../components/AccountShell';
import { ProgressBar } from '../../components/ProgressBar';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { accountFirstQueries } from '../../lib/firstQueries';
import { usePageAccount } from '../../lib/pageAccount';
import { usePageTracking } from '../../lib/analytics';
import { fill } from '../../lib/format';
import type { FlowScreenProps } from '../../lib/flows';
import { lazyPage, preloadWhenIdle, type LazyPage } from '../../lib/lazyPage';
import { useLocale } from '../../lib/useLocale';
import { refillOfferQuery, type PinRedemption } from './api';
import { useRefillContent } from './content';
import { CustomizePage } from './CustomizePage';
import { refillFlow, type RefillPageDef, type RefillPageId } from './routes';
import type { RefillPageProps } from './types';
// the progress bar, checkbox, radio and `.visually-hidden` are styled by index.css
import '../../styles/payments.css';
import '../../styles/refill.css';

// The pages after the first screen (customize) load with chunks of their own: the card entry
// (`payment-form`), the review and the confirmation stay out of the flow's first load
// (ARCHITECTURE.md "First load").
const PaymentPage = lazyPage(async () => (await import('./PaymentPage')).PaymentPage);
const ReviewPage = lazyPage(async () => (await import('./ReviewPage')).ReviewPage);
const ConfirmationPage = lazyPage(async () => (await import('./ConfirmationPage')).ConfirmationPage);

/**
 * The lazy pages each page can go on to (Next, a redeemed PIN, Edit, a 409), fetched once the
 * browser is idle after the page is drawn, so a click does not wait for their chunk. The
 * customize page fetches them once its first screen (the cart) is drawn (`CustomizePage`), not
 * while the cart is on the way: they would count in its first load.
 */
const NEXT: Record<RefillPageId, readonly Pick<LazyPage<unknown>, 'preload'>[]> = {
  customize: [PaymentPage, ReviewPage, ConfirmationPage],
  payment: [ReviewPage],
  review: [ConfirmationPage, PaymentPage],
  confirmation: [],
};
const preloadNext = (id: RefillPageId) => () => Promise.all(NEXT[id].map((p) => p.preload()));
const preloadAfterCustomize = preloadNext('customize');

/** The refill's first screen reads the profile and the account's refill offer. */
export const firstQueries = accountFirstQueries(refillOfferQuery);

/**
 * The refill pages (seed 002 §2.2 to §2.6) in the signed-in shell. The account is the query's
 * base64 `accountId`, else the one chosen at sign-in; none: the account picker. The screen
 * holds what must outlive a page change: the PIN redemption, which the confirmation shows
 * (a card refill's confirmation is the BFF's). Session errors are `SessionErrors`'.
 */
export function RefillScreen({ page }: FlowScreenProps<RefillPageDef>) {
  const locale = useLocale();
  const navigate = useNavigate();
  const { accountId, noAccount, keep } = usePageAccount();
  const content = useRefillContent(locale);
  const [redemption, setRedemption] = useState<PinRedemption>();
  usePageTracking(refillFlow, page.step ?? page.id, locale);
  useEffect(() => {
    if (noAccount) navigate(`/${locale}/account-picker`, { replace: true });
  }, [noAccount, navigate, locale]);
  useEffect(() => {
    if (page.id !== 'customize') return preloadWhenIdle(preloadNext(page.id));
  }, [page.id]);

  let body: ReactNode;
  if (content.isError) body = <ContentFallback />;
  else if (!content.data || !accountId) body = <ContentLoading />;
  else {
    const c = content.data.refill;
    const href = (id: RefillPageId) => `/${locale}/refill${id === 'customize' ? '' : `/${id}`}${keep}`;
    const go = (id: RefillPageId) => navigate(href(id));
    const props: RefillPageProps = {
      accountId,
      texts: content.data,
      locale,
      go,
      href,
      dashboardHref: `/${locale}/dashboard${keep}`,
      autoRefillHref: `/${locale}/dashboard/auto-refill${keep}`,
    };
    const percent = page.progress?.percent;
    body = (
      <div className="refill">
        {page.progress && percent !== undefined && (
          <ProgressBar title={c.progress[page.progress.title]} percent={percent} valueText={fill(c.progress.value, { percent })} />
        )}
        {/* a page change is a transition (app/router.tsx): while the next page's chunk loads, the
            page on view stays; the placeholder shows only when the flow opens on a lazy page */}
        <Suspense fallback={<ContentLoading />}>
          {page.id === 'customize' ? (
            <CustomizePage {...props} onRedeemed={(r) => (setRedemption(r), go('confirmation'))} preloadNext={preloadAfterCustomize} />
          ) : page.id === 'payment' ? (
            <PaymentPage {...props} />
          ) : page.id === 'review' ? (
            <ReviewPage {...props} />
          ) : (
            <ConfirmationPage {...props} redemption={redemption} />
          )}
        </Suspense>
      </div>
    );
  }
  return (
    <AccountShell locale={locale} account="active" hideStickyCta>
      {body}
    </AccountShell>
  );
}
