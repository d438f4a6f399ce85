import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import { useNavigate } from '../../../app/router';
import { ContentModal } from '../../../components/ContentModal';
import { LazyModal } from '../../../components/LazyModal';
import { useLocale } from '../../../lib/useLocale';
import { fill, formatPrice } from '../../../lib/format';
import { updateCart } from '../api';
import { BroadbandLabel } from '../../../components/BroadbandLabel';
import { CartSummary, StickyCart } from '../components/CartSummary';
import { PageHeading } from '../components/PageHeading';
import { buyKeys, useBuyContext, useCart } from '../useBuyContext';
import { buyHref, type BuyPageProps } from '../routes';

/** `/{locale}/buy/internet` (step 1): pricing summary, modals, broadband label, promo modal on Next. */
export function InternetPage({ content, page }: BuyPageProps) {
  const c = content.internet;
  const locale = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { promotions } = useBuyContext();
  const cart = useCart();
  const [promoOpen, setPromoOpen] = useState(false);
  const toSession = () => navigate(buyHref(locale, 'session'));
  const addPromo = useMutation({
    mutationFn: () => updateCart(true),
    onSuccess: (next) => client.setQueryData(buyKeys.cart, next),
    onSettled: () => toSession(),
  });

  const plan = cart.data?.items.find((i) => i.kind === 'plan');
  const next = () => {
    if (promotions.data?.validPromotion && cart.data && !cart.data.offerInCart) setPromoOpen(true);
    else toSession();
  };

  return (
    <section className="card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{c.heading}</title>
      <PageHeading>{c.heading}</PageHeading>
      <div className="product">
        <img className="product__image" src={c.productImage.src} alt={c.productImage.alt} width="200" height="150" />
        <div className="pricing" data-testid="pricing-summary">
          <h2>{c.pricingSummary.heading}</h2>
          <p>{c.pricingSummary.planName}</p>
          {/* the price's line is there before the cart answers, so the list below does not move */}
          {plan ? (
            <p className="pricing__price">
              {fill(c.pricingSummary.price, { price: formatPrice(plan.price, locale) })} <span>{c.pricingSummary.period}</span>
            </p>
          ) : (
            <p className="pricing__price" aria-hidden="true">
              {'\u00a0'}
            </p>
          )}
          <ul>
            {c.pricingSummary.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p>{c.pricingSummary.gatewayNote}</p>
          <div className="actions">
            <ContentModal trigger={c.disclaimerLink} modal={c.disclaimerModal} testId="disclaimer-modal" />
            <ContentModal trigger={c.productDetailsLink} modal={c.productDetailsModal} testId="product-details-modal" />
          </div>
        </div>
      </div>
      {cart.data && <CartSummary cart={cart.data} content={content.cart} catalogue={content.catalogue} locale={locale} />}
      <BroadbandLabel content={content.broadbandLabel} />
      <StickyCart cart={cart.data} content={content.cart} locale={locale} onNext={next} isDisabled={addPromo.isPending} />

      <LazyModal
        isOpen={promoOpen}
        onOpenChange={(open) => {
          setPromoOpen(open);
          if (!open && !addPromo.isPending) toSession();
        }}
        dialog={{ 'data-testid': 'promo-modal' }}
      >
        <Heading slot="title" level={2}>
          {c.promoModal.title}
        </Heading>
        <p>{c.promoModal.body}</p>
        <div className="actions">
          <Button className="button button--primary" isDisabled={addPromo.isPending} onPress={() => addPromo.mutate()}>
            {c.promoModal.accept}
          </Button>
          <Button className="button button--secondary" onPress={() => { setPromoOpen(false); toSession(); }}>
            {c.promoModal.close}
          </Button>
        </div>
      </LazyModal>
    </section>
  );
}
