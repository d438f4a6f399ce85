import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link } from '../../app/router';
import { CallFailure, catalogueMessage } from '../../api/client';
import { Checkbox } from '../../components/Checkbox';
import { SavedCardView } from '../../components/PaymentCard';
import { refillConfirmationQuery, refillOfferQuery, submitRefill } from './api';
import { CartSummary } from './CartSummary';
import type { RefillPageProps } from './types';

/** Seed 002 §3.6, §9: the refill is sent 500 ms after the click. */
export const SUBMIT_DELAY_MS = 500;

/**
 * `/{locale}/refill/review` (seed 002 §2.5, §4.1): the cart, the saved card with Edit, the
 * purchase agreement; Make refill payment needs the agreement. One Idempotency-Key per
 * attempt: a double click is one press (and the BFF would replay the attempt anyway); a
 * failure's catalogue message shows in an alert; 409 `REFILL_NO_SAVED_CARD` goes to payment.
 * The move's refill (`move/refill-review`, seed 002 §2.8: titled "Refill Review", heading
 * "Customize your refill") passes its own `title` and `heading`.
 */
export function ReviewPage({ accountId, texts, locale, go, href, title, heading }: RefillPageProps & { title?: string; heading?: string }) {
  const c = texts.refill;
  const r = c.review;
  const pageTitle = title ?? r.title;
  const h1 = heading ?? r.title;
  const client = useQueryClient();
  const offer = useQuery(refillOfferQuery(accountId));
  const [agreed, setAgreed] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [waiting, setWaiting] = useState(false);
  const key = useRef<string>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const submit = useMutation({
    mutationFn: () => submitRefill(accountId, (key.current ??= crypto.randomUUID())),
    onSuccess: (result) => {
      key.current = undefined;
      if (result.outcome === 'failed' || !result.confirmation) {
        setAlert(result.message ?? c.genericError);
        return;
      }
      client.setQueryData(refillConfirmationQuery(accountId).queryKey, result.confirmation);
      go('confirmation');
    },
    onError: (e) => {
      // an HTTP answer ends the attempt; a lost one keeps its key, so a retry finds the refill
      if (!(e instanceof CallFailure) || e.status !== 0) key.current = undefined;
      if (e instanceof CallFailure && e.errorCode === 'REFILL_NO_SAVED_CARD') go('payment');
      // another device's payment of the account is in flight: nothing charged, say so
      else setAlert(catalogueMessage(e) ?? c.genericError);
    },
    onSettled: () => {
      pressed.current = false;
      setWaiting(false);
    },
  });
  // a second press before React re-renders the disabled button is the same press
  const pressed = useRef(false);
  const press = () => {
    if (pressed.current) return;
    pressed.current = true;
    setWaiting(true);
    setAlert(undefined);
    timer.current = setTimeout(() => submit.mutate(), SUBMIT_DELAY_MS);
  };

  if (!offer.data)
    return (
      <section className="payments refill-page" data-page="review" data-stage={offer.isError ? 'error' : 'loading'}>
        <title>{pageTitle}</title>
        <h1>{h1}</h1>
        <p className={offer.isError ? 'alert' : undefined} role={offer.isError ? 'alert' : 'status'}>
          {offer.isError ? c.genericError : c.loading}
        </p>
      </section>
    );
  const card = offer.data.savedCard;
  return (
    <section className="payments refill-page" data-page="review" data-stage={alert ? 'failed' : waiting ? 'submitting' : 'review'}>
      <title>{pageTitle}</title>
      <h1>{h1}</h1>
      {alert && (
        <div className="alert" role="alert" data-testid="refill-alert">
          <p>{alert}</p>
        </div>
      )}
      <CartSummary cart={offer.data.cart} c={c} locale={locale} />
      <section className="refill-review__payment" aria-labelledby="refill-payment-heading">
        <h2 id="refill-payment-heading">{r.paymentHeading}</h2>
        {card && <SavedCardView card={card} content={texts.payments} />}
        <Link to={href('payment')} aria-label={`${r.edit} ${r.paymentHeading}`}>
          {r.edit}
        </Link>
      </section>
      <Checkbox isSelected={agreed} onChange={setAgreed} isDisabled={waiting} testId="agreement">
        {r.agreement}
      </Checkbox>
      <p role="status" className="refill-status">
        {waiting ? r.submitting : ''}
      </p>
      <div className="actions">
        <Button className="button button--primary" isDisabled={!agreed || waiting || !offer.data.cart.nextEnabled} onPress={press}>
          {r.submit}
        </Button>
        <Link to={href('customize')}>{r.back}</Link>
      </div>
    </section>
  );
}
