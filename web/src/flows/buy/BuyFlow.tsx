import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from '../../app/router';
import { useBuyflow, useDictionary } from '../../content/hooks';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { trackCallFailure, trackPageView } from '../../lib/analytics';
import { pageStep, type FlowScreenProps } from '../../lib/flows';
import { lazyPage, preloadWhenIdle, type LazyPage } from '../../lib/lazyPage';
import { useLocale } from '../../lib/useLocale';
import { BuyShell } from './BuyShell';
import { buyFlow, buyHref, buyPage, type BuyPageDef, type BuyPageId, type BuyPageProps } from './routes';
import { BuyStateProvider } from './state';
import { useBuyContext } from './useBuyContext';
import { earlyEntryTarget, EntryPage, EntryRules } from './pages/EntryPage';
import { DirectPromoPage } from './pages/DirectPromoPage';
import { InternetPage } from './pages/InternetPage';
import '../../styles/buy.css';

// The pages after the first screen (entry, then internet or direct promo) load with chunks of
// their own: the customer-info form's react-hook-form and zod, the card entry and the checkout
// stay out of the flow's first load (ARCHITECTURE.md "First load").
const SessionPage = lazyPage(async () => (await import('./pages/SessionPage')).SessionPage);
const CustomerInfoPage = lazyPage(async () => (await import('./pages/CustomerInfoPage')).CustomerInfoPage);
const OrderDetailsPage = lazyPage(async () => (await import('./pages/OrderDetailsPage')).OrderDetailsPage);
const OrderReviewPage = lazyPage(async () => (await import('./pages/OrderReviewPage')).OrderReviewPage);
const ConfirmationPage = lazyPage(async () => (await import('./pages/ConfirmationPage')).ConfirmationPage);
// the error and not-found pages too: the not-found drawing is shared with the app's own
// not-found page, and rolldown split it into a chunk of its own on the flow's first load
const BuyErrorPage = lazyPage(async () => (await import('./pages/BuyMessagePage')).BuyErrorPage);
const BuyNotFoundPage = lazyPage(async () => (await import('./pages/BuyMessagePage')).BuyNotFoundPage);

/** The component that draws each page of the table (`routes.ts`). */
const PAGES: Record<BuyPageId, ComponentType<BuyPageProps> | LazyPage<BuyPageProps>> = {
  entry: EntryPage,
  'direct-promo': DirectPromoPage,
  internet: InternetPage,
  session: SessionPage,
  'customer-info': CustomerInfoPage,
  'order-details': OrderDetailsPage,
  'order-review': OrderReviewPage,
  'order-confirmation': ConfirmationPage,
  error: BuyErrorPage,
  '404': BuyNotFoundPage,
};

/**
 * The lazy pages each page can go on to, fetched once the browser is idle after the page is
 * drawn, so a click does not wait for their chunk. The entry fetches none: it leaves as soon as
 * `/token` answers, before its idle time, and what it fetched would count in its first load.
 */
const NEXT: Partial<Record<BuyPageId, readonly BuyPageId[]>> = {
  'direct-promo': ['session'],
  internet: ['session'],
  session: ['customer-info', 'order-details'],
  'customer-info': ['order-details'],
  'order-details': ['order-review'],
  'order-review': ['order-confirmation'],
};

/**
 * The page the route matched, with the shell's rules around it: the buy context and the page
 * view. `drawn` is the page drawn: the route's, or on the entry the page it leaves for
 * (`earlyEntryTarget`), whose rules then run beside it.
 */
function BuyPage({ content, page, drawn }: BuyPageProps & { drawn: BuyPageDef }) {
  const locale = useLocale();
  const navigate = useNavigate();
  // the shell's rules: product details, promotions and serviceability when the ids are known
  const { serviceability, productDetails } = useBuyContext();
  // Seed 000 §9 leaves the follow-up of a failed fetch open: without serviceability or product
  // details there is nothing to sell, so the customer gets the error page, not a blank price.
  const failure = serviceability.isError ? 'validateBuyServiceability' : productDetails.isError ? 'getProductDetails' : undefined;
  const failed = failure !== undefined && page.id !== 'error' && page.id !== '404';
  useEffect(() => {
    if (!failed) return;
    trackCallFailure(serviceability.error ?? productDetails.error, failure);
    navigate(buyHref(locale, 'error'), { replace: true });
  }, [failed, failure, serviceability.error, productDetails.error, locale, navigate]);

  useEffect(() => {
    trackPageView(buyFlow, pageStep(page), locale);
  }, [page, locale]);

  useEffect(() => {
    const next = (NEXT[page.id] ?? []).map((id) => PAGES[id]).filter((p) => 'preload' in p);
    if (next.length === 0) return;
    return preloadWhenIdle(() => Promise.all(next.map((p) => p.preload())));
  }, [page.id]);

  const Page = PAGES[drawn.id];
  // a page change is a transition (app/router.tsx): while the next page's chunk loads, the page
  // on view stays; the placeholder shows only when the flow opens on a lazy page (a reload)
  return (
    <Suspense fallback={<ContentLoading />}>
      {drawn !== page && <EntryRules />}
      <Page content={content} page={drawn} />
    </Suspense>
  );
}

/** `/{locale}/buy/*`: the new-customer buy flow (lazy route, its own chunk). */
export function BuyFlow({ page }: FlowScreenProps<BuyPageDef>) {
  const locale = useLocale();
  const content = useBuyflow(locale);
  const english = useBuyflow('en');
  const dictionary = useDictionary(locale);
  // the entry's page drawn at once when the token answered before the flow first drew: no
  // loading screen flashes before it (its LCP was the page after the loading screen)
  const search = useSearchParams();
  const [early] = useState(() => (page.id === 'entry' ? earlyEntryTarget(search) : undefined));
  const drawn = page.id === 'entry' && early ? buyPage(early) : page;

  if (content.isError || english.isError || dictionary.isError) return <ContentFallback />;
  if (!content.data || !english.data || !dictionary.data) return <ContentLoading />;
  return (
    <BuyStateProvider>
      <BuyShell
        locale={locale}
        page={drawn}
        content={content.data}
        footer={english.data.buyflowFooter}
        dictionary={dictionary.data}
      >
        <BuyPage content={content.data} page={page} drawn={drawn} />
      </BuyShell>
    </BuyStateProvider>
  );
}
