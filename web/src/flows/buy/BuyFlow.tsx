import { useEffect } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { useBuyflow, useDictionary } from '../../content/hooks';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { useLocale } from '../../app/useLocale';
import { track, trackCallFailure } from '../../lib/analytics';
import { BuyShell } from './BuyShell';
import type { BuyContent } from './content';
import { TRACKING_STEP, type BuyPage } from './progress';
import { BuyStateProvider } from './state';
import { useBuyContext } from './useBuyContext';
import { EntryPage } from './pages/EntryPage';
import { DirectPromoPage } from './pages/DirectPromoPage';
import { InternetPage } from './pages/InternetPage';
import { SessionPage } from './pages/SessionPage';
import { CustomerInfoPage } from './pages/CustomerInfoPage';
import { OrderDetailsPage } from './pages/OrderDetailsPage';
import { OrderReviewPage } from './pages/OrderReviewPage';
import { ConfirmationPage } from './pages/ConfirmationPage';
import { BuyMessagePage } from './pages/BuyMessagePage';
import '../../styles/retail.css';
import '../../styles/buy.css';

const SEGMENTS: Record<string, BuyPage> = {
  '': 'entry',
  'direct-promo': 'direct-promo',
  internet: 'internet',
  session: 'session',
  'customer-info': 'customer-info',
  'order-details': 'order-details',
  'order-review': 'order-review',
  'order-confirmation': 'order-confirmation',
  error: 'error',
  '404': '404',
};

/** The page of a path under `/{locale}/buy`; anything unknown is the 404 page. */
export function pageOfPath(pathname: string): BuyPage {
  const rest = pathname.replace(/^\/(en|es)\/buy\/?/, '').replace(/\/+$/, '');
  return SEGMENTS[rest] ?? '404';
}

export interface BuyPageProps {
  content: BuyContent;
}

function BuyPages({ content }: BuyPageProps) {
  const locale = useLocale();
  const { pathname } = useLocation();
  const page = pageOfPath(pathname);
  const navigate = useNavigate();
  // the shell's rules: product details, promotions and serviceability when the ids are known
  const { serviceability, productDetails } = useBuyContext();
  // Seed 000 §9 leaves the follow-up of a failed fetch open: without serviceability or product
  // details there is nothing to sell, so the customer gets the error page, not a blank price.
  const failure = serviceability.isError ? 'validateBuyServiceability' : productDetails.isError ? 'getProductDetails' : undefined;
  const failed = failure !== undefined && page !== 'error' && page !== '404';
  useEffect(() => {
    if (!failed) return;
    trackCallFailure(serviceability.error ?? productDetails.error, failure);
    navigate(`/${locale}/buy/error`, { replace: true });
  }, [failed, failure, serviceability.error, productDetails.error, locale, navigate]);

  useEffect(() => {
    track({ event: 'pageView', flowType: 'buyflow|prepaid', step: TRACKING_STEP[page], locale });
  }, [page, locale]);

  return (
    <Routes>
      <Route index element={<EntryPage content={content} />} />
      <Route path="direct-promo" element={<DirectPromoPage content={content} />} />
      <Route path="internet" element={<InternetPage content={content} />} />
      <Route path="session" element={<SessionPage content={content} />} />
      <Route path="customer-info" element={<CustomerInfoPage content={content} />} />
      <Route path="order-details" element={<OrderDetailsPage content={content} />} />
      <Route path="order-review" element={<OrderReviewPage content={content} />} />
      <Route path="order-confirmation" element={<ConfirmationPage content={content} />} />
      <Route path="error" element={<BuyMessagePage page="error" panel={content.errorPage} />} />
      <Route path="404" element={<BuyMessagePage page="404" panel={content.notFound} />} />
      <Route path="*" element={<BuyMessagePage page="404" panel={content.notFound} />} />
    </Routes>
  );
}

/** `/{locale}/buy/*`: the new-customer buy flow (lazy route, its own chunk). */
export function BuyFlow() {
  const locale = useLocale();
  const content = useBuyflow(locale);
  const english = useBuyflow('en');
  const dictionary = useDictionary(locale);
  const { pathname } = useLocation();

  if (content.isError || english.isError || dictionary.isError) return <ContentFallback />;
  if (!content.data || !english.data || !dictionary.data) return <ContentLoading />;
  return (
    <BuyStateProvider>
      <BuyShell
        locale={locale}
        page={pageOfPath(pathname)}
        content={content.data}
        footer={english.data.buyflowFooter}
        dictionary={dictionary.data}
      >
        <BuyPages content={content.data} />
      </BuyShell>
    </BuyStateProvider>
  );
}
