import { useEffect, type ComponentType } from 'react';
import { useNavigate } from '../../app/router';
import { useBuyflow, useDictionary } from '../../content/hooks';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { trackCallFailure, trackPageView } from '../../lib/analytics';
import { pageStep, type FlowScreenProps } from '../../lib/flows';
import { useLocale } from '../../lib/useLocale';
import { BuyShell } from './BuyShell';
import { buyFlow, buyHref, type BuyPageDef, type BuyPageId, type BuyPageProps } from './routes';
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
import { BuyErrorPage, BuyNotFoundPage } from './pages/BuyMessagePage';
import '../../styles/retail.css';
import '../../styles/buy.css';

/** The component that draws each page of the table (`routes.ts`). */
const PAGES: Record<BuyPageId, ComponentType<BuyPageProps>> = {
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

/** The page the route matched, with the shell's rules around it: the buy context and the page view. */
function BuyPage({ content, page }: BuyPageProps) {
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

  const Page = PAGES[page.id];
  return <Page content={content} page={page} />;
}

/** `/{locale}/buy/*`: the new-customer buy flow (lazy route, its own chunk). */
export function BuyFlow({ page }: FlowScreenProps<BuyPageDef>) {
  const locale = useLocale();
  const content = useBuyflow(locale);
  const english = useBuyflow('en');
  const dictionary = useDictionary(locale);

  if (content.isError || english.isError || dictionary.isError) return <ContentFallback />;
  if (!content.data || !english.data || !dictionary.data) return <ContentLoading />;
  return (
    <BuyStateProvider>
      <BuyShell
        locale={locale}
        page={page}
        content={content.data}
        footer={english.data.buyflowFooter}
        dictionary={dictionary.data}
      >
        <BuyPage content={content.data} page={page} />
      </BuyShell>
    </BuyStateProvider>
  );
}
