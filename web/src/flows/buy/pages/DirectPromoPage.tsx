import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../app/router';
import { Collapsible } from '../../../components/Collapsible';
import { ContentModal } from '../../../components/ContentModal';
import { useLocale } from '../../../lib/useLocale';
import { updateCart } from '../api';
import { CartSummary, StickyCart } from '../components/CartSummary';
import { PageHeading } from '../components/PageHeading';
import { buyKeys, useBuyContext, useCart } from '../useBuyContext';
import { buyHref, type BuyPageProps } from '../routes';

/** `/{locale}/buy/direct-promo` (step 0): promo hero, collapsible details, disclaimer, Next. */
export function DirectPromoPage({ content, page }: BuyPageProps) {
  const c = content.directPromo;
  const locale = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { promotions } = useBuyContext();
  const cart = useCart();
  const addPromo = useMutation({
    mutationFn: () => updateCart(true),
    onSuccess: (next) => client.setQueryData(buyKeys.cart, next),
  });

  const next = async () => {
    // the promo page's Next takes the promotion (when one is valid and not yet in the cart)
    if (promotions.data?.validPromotion && cart.data && !cart.data.offerInCart) {
      await addPromo.mutateAsync().catch(() => undefined);
    }
    navigate(buyHref(locale, 'session'));
  };

  return (
    <section className="card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{c.heading}</title>
      <img className="product__image" src={c.heroImage.src} alt={c.heroImage.alt} width="320" height="180" />
      <PageHeading>{c.heading}</PageHeading>
      <p className="stage__lead">{c.description}</p>
      <Collapsible level={2} title={c.detailsToggle}>
        <p>{c.priceDetails}</p>
        <p>{c.promoDetails}</p>
        {cart.data && <CartSummary cart={cart.data} content={content.cart} catalogue={content.catalogue} locale={locale} headingLevel={3} />}
      </Collapsible>
      <ContentModal trigger={c.disclaimerLink} modal={c.disclaimerModal} testId="disclaimer-modal" />
      <StickyCart cart={cart.data} content={content.cart} locale={locale} onNext={() => void next()} isDisabled={addPromo.isPending} />
    </section>
  );
}
