import { useQuery } from '@tanstack/react-query';
import { Link } from '../../app/router';
import { Collapsible } from '../../components/Collapsible';
import { SavedCardView } from '../../components/PaymentCard';
import { fill, formatPrice, formatUtcDate } from '../../lib/format';
import { refillConfirmationQuery, refillOfferQuery } from '../refill/api';
import { CardRefill } from '../refill/CardRefill';
import { CartSummary } from '../refill/CartSummary';
import type { RefillPageProps } from '../refill/types';
import { moveQuery } from './api';
import { moveDateText, useRedirect } from './MovePages';
import { NEXT_PAGE, type MovePageProps } from './types';

/**
 * `move/refill-required` (seed 002 §2.8, progress 33%): the move date with Edit Date, the saved
 * card, the refill selector and cart of the refill page (`CardRefill`: the BFF leaves the 7-day
 * plan out unless the move's gap allows it, §9), the disclosure alert; Next (disabled at a zero
 * total) goes to `move/refill-review` with a saved card, else `move/refill-payment`. Without a
 * date: `move/schedule` (§5); when no refill is needed (any more): where the BFF's `next` leads.
 */
export function RefillRequiredPage({ accountId, texts, move, go, href, refill }: MovePageProps & { refill: RefillPageProps }) {
  const c = texts.moving;
  const t = c.refillRequired;
  const offer = useQuery(refillOfferQuery(accountId));
  const elsewhere = !move.schedule ? 'schedule' : move.next !== 'refillRequired' ? NEXT_PAGE[move.next] : undefined;
  if (useRedirect(elsewhere, go) || !move.schedule) return null;
  const card = offer.data?.savedCard;
  return (
    <section className="payments refill-page move-page" data-page="refill-required">
      <title>{t.title}</title>
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <dl className="detail__list">
        <div className="detail__row">
          <dt>{c.moveDateLabel}</dt>
          <dd data-testid="move-date">
            {moveDateText(move, move.schedule.moveDate, c.today)}{' '}
            <Link to={href('schedule')} aria-label={`${c.editDate}: ${c.moveDateLabel}`} data-testid="edit-date">
              {c.editDate}
            </Link>
          </dd>
        </div>
      </dl>
      {card && (
        <section aria-labelledby="move-card-heading">
          <h2 id="move-card-heading">{texts.refill.review.paymentHeading}</h2>
          <SavedCardView card={card} content={texts.payments} />
        </section>
      )}
      <p className="alert" role="note" data-testid="refill-disclosure">
        {t.disclosure}
      </p>
      <CardRefill {...refill} />
    </section>
  );
}

/**
 * `move/refill-confirmation` (seed 002 §2.8, 100%): the order total with collapsible order
 * details, the order date and the new expiry (the BFF's: today + the days remaining); the
 * button goes to `move/now` when the move is today, `move/schedule-finalize` when later,
 * `move/address-confirmation` when no date is held. The move is read again first; no refill
 * in this move ("without cart data"): `/{locale}/move`.
 */
export function RefillConfirmationPage({ accountId, texts, locale, go, href }: MovePageProps) {
  const c = texts.moving;
  const t = c.refillConfirmation;
  const fresh = useQuery({ ...moveQuery(accountId), refetchOnMount: 'always' });
  const conf = useQuery(refillConfirmationQuery(accountId));
  const m = fresh.isFetching ? undefined : fresh.data;
  const r = m?.refill;
  if (useRedirect(m && !r ? 'address' : undefined, go) || !m || !r)
    return (
      <p role="status" data-page="refill-confirmation" data-stage="loading">
        {texts.refill.confirmation.finalizing}
      </p>
    );
  const next = !m.schedule ? 'address-confirmation' : m.schedule.when === 'today' ? 'now' : 'schedule-finalize';
  return (
    <section className="payments refill-page move-page" data-page="refill-confirmation" data-stage="refilled">
      <title>{t.title}</title>
      <h1>{t.heading}</h1>
      <p>{texts.refill.confirmation.verification}</p>
      {r.orderNumber && <p data-testid="order-number">{fill(texts.refill.confirmation.orderNumber, { number: r.orderNumber })}</p>}
      <dl className="detail__list">
        <div className="detail__row">
          <dt>{t.orderTotal}</dt>
          <dd data-testid="order-total">{formatPrice(r.total, locale)}</dd>
        </div>
      </dl>
      {conf.data && (
        <Collapsible title={texts.refill.confirmation.details} level={2} testId="order-details">
          <CartSummary cart={conf.data.cart} c={texts.refill} locale={locale} />
        </Collapsible>
      )}
      <p data-testid="order-date">{fill(t.orderDate, { date: formatUtcDate(r.refilledAt) })}</p>
      <p data-testid="refill-expiry">{fill(t.expiry, { date: formatUtcDate(r.expirationDate) })}</p>
      {m.schedule && <p data-testid="move-date">{`${c.moveDateLabel}: ${moveDateText(m, m.schedule.moveDate, c.today)}`}</p>}
      <Link className="button button--primary" to={href(next)} data-testid="continue-move">
        {t.continueLabel}
      </Link>
    </section>
  );
}
