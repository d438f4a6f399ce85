import { useEffect, useState } from 'react';
import { Collapsible } from '../../../components/Collapsible';
import { Faq } from '../../../components/Faq';
import { useLocale } from '../../../lib/useLocale';
import { fill, formatPrice } from '../../../lib/format';
import type { OrderResult } from '../api';
import { PageHeading } from '../components/PageHeading';
import { clearReloadCount } from '../reloadCounter';
import { KEYS, readJson } from '../storage';
import { useCart } from '../useBuyContext';
import type { BuyPageProps } from '../routes';
import { itemName } from '../labels';

/** `/{locale}/buy/order-confirmation`: e-mail, ID block, collapsible order total, What's Next. */
export function ConfirmationPage({ content, page }: BuyPageProps) {
  const c = content.confirmation;
  const locale = useLocale();
  const [order] = useState(() => readJson<OrderResult>(KEYS.order));
  const cart = useCart();

  // seed 000 §4: confirmation clears the reload counter
  useEffect(() => clearReloadCount(), []);

  const total = cart.data;
  return (
    <section className="card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{c.heading}</title>
      <PageHeading>{c.heading}</PageHeading>
      <p className="stage__lead" data-testid="confirmation-message">
        {fill(c.success, { email: order?.email ?? '' })}
      </p>

      <div className="promo-tile" data-testid="id-block">
        <h2>{c.idHeading}</h2>
        <p>{c.idBody}</p>
        <dl className="summary">
          {order?.orderNumber && (
            <>
              <dt>{c.orderNumberLabel}</dt>
              <dd>{order.orderNumber}</dd>
            </>
          )}
          {order?.accountId && (
            <>
              <dt>{c.accountIdLabel}</dt>
              <dd>{order.accountId}</dd>
            </>
          )}
        </dl>
      </div>

      <Collapsible
        level={2}
        testId="order-total"
        title={
          <>
            {c.orderTotalLabel}
            {total && <span>: {formatPrice(total.total, locale)}</span>}
          </>
        }
      >
        {total && (
          <div className="summary">
            <dl>
              {total.items.map((item) => (
                <div key={`${item.kind}-${item.productCode}`} style={{ display: 'contents' }}>
                  <dt>{itemName(item, content.catalogue)}</dt>
                  <dd>{formatPrice(item.price, locale)}</dd>
                </div>
              ))}
              <dt>{c.subtotalLabel}</dt>
              <dd>{formatPrice(total.subtotal, locale)}</dd>
              <dt>{c.taxesLabel}</dt>
              <dd>{formatPrice(total.taxes, locale)}</dd>
              {total.shipping && (
                <>
                  <dt>{c.shippingLabel}</dt>
                  <dd>{total.shipping.free ? c.free : formatPrice(total.shipping.rate, locale)}</dd>
                </>
              )}
              <dt className="summary__total">{c.totalLabel}</dt>
              <dd className="summary__total">{formatPrice(total.total, locale)}</dd>
            </dl>
          </div>
        )}
      </Collapsible>

      <h2>{c.whatsNextHeading}</h2>
      <Faq items={c.whatsNext} idPrefix="next" />
    </section>
  );
}
