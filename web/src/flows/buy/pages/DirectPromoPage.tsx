import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../app/useLocale';
import { updateCart } from '../api';
import { CartSummary, StickyCart } from '../components/CartSummary';
import { ContentModal } from '../components/ContentModal';
import { PageHeading } from '../components/PageHeading';
import { buyKeys, useBuyContext, useCart } from '../useBuyContext';
import type { BuyPageProps } from '../BuyFlow';

/** `/{locale}/buy/direct-promo` (step 0): promo hero, collapsible details, disclaimer, Next. */
export function DirectPromoPage({ content }: BuyPageProps) {
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
    navigate(`/${locale}/buy/session`);
  };

  return (
    <section className="card buy-page" data-page="direct-promo" aria-labelledby="buy-heading">
      <title>{c.heading}</title>
      <img className="product__image" src={c.heroImage.src} alt={c.heroImage.alt} width="320" height="180" />
      <PageHeading>{c.heading}</PageHeading>
      <p className="stage__lead">{c.description}</p>
      <Disclosure className="faq__item">
        <Heading level={2} className="faq__question">
          <Button slot="trigger" className="faq__trigger">
            <span className="faq__chevron" aria-hidden="true" />
            {c.detailsToggle}
          </Button>
        </Heading>
        <DisclosurePanel className="faq__answer">
          <p>{c.priceDetails}</p>
          <p>{c.promoDetails}</p>
          {cart.data && <CartSummary cart={cart.data} content={content.cart} locale={locale} headingLevel={3} />}
        </DisclosurePanel>
      </Disclosure>
      <ContentModal trigger={c.disclaimerLink} modal={c.disclaimerModal} testId="disclaimer-modal" />
      <StickyCart cart={cart.data} content={content.cart} locale={locale} onNext={() => void next()} isDisabled={addPromo.isPending} />
    </section>
  );
}
