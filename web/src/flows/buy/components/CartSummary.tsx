import { Button } from 'react-aria-components';
import type { Locale } from '../../../lib/locale';
import { fill, formatPrice } from '../../../lib/format';
import type { Cart } from '../api';
import type { BuyContent } from '../content';
import { itemName, type CatalogueTexts } from '../labels';

/**
 * The cart summary card: the BFF's items (named from content, `labels.ts`), subtotal, taxes and
 * total (never recomputed here).
 */
export function CartSummary({
  cart,
  content,
  catalogue,
  locale,
  headingLevel = 2,
}: {
  cart: Cart;
  content: BuyContent['cart'];
  catalogue: CatalogueTexts;
  locale: Locale;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="summary" data-testid="cart-summary">
      <H>{content.summaryHeading}</H>
      <dl>
        {cart.items.map((item) => (
          <div key={`${item.kind}-${item.productCode}`} style={{ display: 'contents' }}>
            <dt>{item.kind === 'promo' ? `${content.promoLabel}: ${itemName(item, catalogue)}` : itemName(item, catalogue)}</dt>
            <dd>{formatPrice(item.price, locale)}</dd>
          </div>
        ))}
        <dt>{content.subtotalLabel}</dt>
        <dd>{formatPrice(cart.subtotal, locale)}</dd>
        <dt>{content.taxesLabel}</dt>
        <dd>{formatPrice(cart.taxes, locale)}</dd>
        <dt className="summary__total">{content.totalLabel}</dt>
        <dd className="summary__total" data-testid="cart-total">
          {formatPrice(cart.total, locale)}
        </dd>
      </dl>
    </div>
  );
}

/** The sticky cart bar: item count (always 1, seed 000 §2), price, Next. */
export function StickyCart({
  cart,
  content,
  locale,
  onNext,
  isDisabled,
}: {
  cart: Cart | undefined;
  content: BuyContent['cart'];
  locale: Locale;
  onNext: () => void;
  isDisabled?: boolean;
}) {
  return (
    <div className="sticky-cart" data-testid="sticky-cart">
      <span>{fill(content.itemCount, { count: 1 })}</span>
      {cart && <span>{fill(content.price, { price: formatPrice(cart.total, locale) })}</span>}
      {/* no going on before the price is known (product details still loading) */}
      <Button className="button button--primary" onPress={onNext} isDisabled={isDisabled || !cart}>
        {content.next}
      </Button>
    </div>
  );
}
