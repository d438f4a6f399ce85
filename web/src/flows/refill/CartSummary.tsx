import { fill, formatPrice } from '../../lib/format';
import type { Locale } from '../../lib/locale';
import type { RefillCart } from './api';
import { productName, promoName, type RefillContent } from './content';

/**
 * The cart as the BFF priced it (seed 002 §3.1, §4.8, §9): never a price computed here. A
 * promo shows the plan's price struck through and the promo price ("45.00 struck through and
 * 10.00"); a failed tax lookup says the total has no taxes (seed 002 §4.5).
 */
export function CartSummary({ cart, c, locale, busy = false }: { cart: RefillCart; c: RefillContent; locale: Locale; busy?: boolean }) {
  const t = c.cart;
  const money = (n: number) => formatPrice(n, locale);
  const products = cart.lines.filter((l) => l.kind !== 'promo' && l.kind !== 'acp');
  const acp = cart.lines.find((l) => l.kind === 'acp');
  return (
    <section className="refill-cart" aria-labelledby="refill-cart-heading" aria-busy={busy} data-testid="refill-cart">
      <h2 id="refill-cart-heading">{t.heading}</h2>
      {products.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="refill-cart__lines">
          {products.map((l) => (
            <li key={l.code} className="refill-cart__line" data-testid={`cart-line-${l.code}`}>
              <span>
                {productName(c, l.code)}
                {l.quantity > 1 && <span className="refill-cart__qty"> {fill(t.quantity, { n: l.quantity })}</span>}
              </span>
              <span>{money(l.amount)}</span>
            </li>
          ))}
          {cart.promo && (
            <li className="refill-cart__line refill-cart__promo" data-testid="cart-promo">
              <span>{promoName(c, cart.promo.id)}</span>
              <span>
                <span className="visually-hidden">{fill(t.was, { price: money(cart.promo.wasPrice) })} </span>
                <del aria-hidden="true">{money(cart.promo.wasPrice)}</del>{' '}
                <span className="visually-hidden">{fill(t.now, { price: money(cart.promo.price) })}</span>
                <ins aria-hidden="true">{money(cart.promo.price)}</ins>
              </span>
            </li>
          )}
          {acp && (
            <li className="refill-cart__line" data-testid="cart-acp">
              <span>{t.acp}</span>
              <span>{money(acp.amount)}</span>
            </li>
          )}
        </ul>
      )}
      <dl className="refill-cart__totals">
        <div>
          <dt>{t.subtotal}</dt>
          <dd>{money(cart.subtotal)}</dd>
        </div>
        {cart.taxAvailable && (
          <div>
            <dt>{t.taxes}</dt>
            <dd>{money(cart.taxes)}</dd>
          </div>
        )}
        <div className="refill-cart__total">
          <dt>{t.total}</dt>
          <dd data-testid="cart-total">{money(cart.total)}</dd>
        </div>
      </dl>
      {!cart.taxAvailable && (
        <p className="refill-cart__note" data-testid="tax-unavailable">
          {t.taxUnavailable}
        </p>
      )}
    </section>
  );
}
