import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from '../../app/router';
import { CardEntry, SavedCardView } from '../../components/PaymentCard';
import { fill } from '../../lib/format';
import { changeCard, paymentInfoQuery, toCardBody, type ChangeResult, type TokenisedCard } from '../../lib/paymentCard';
import { useClearWhenUnlocked, useFormLock } from '../../lib/useFormLock';
import { dashboardNotice } from '../../lib/dashboardNotice';
import { refillOfferQuery } from './api';
import type { RefillPageProps } from './types';

/**
 * `/{locale}/refill/payment` (seed 002 §2.4, §2.9): the card-entry component of the payment
 * pages (its stand-in in harness mode); once the card is added or replaced, the review. The
 * payment card's three states (§2.9): the saved card (keep it, or Edit), editing (the card
 * entry for a new one; Cancel goes back to the saved card), a new card (no saved one: the card
 * entry). A refusal shows the catalogue message and the form waits as the BFF says, the message
 * going with the wait; the third refusal goes back to the dashboard, which says why (the BFF's
 * counter, seed 002 §4.3). The move's refill (`move/refill-payment`, seed 002 §2.8)
 * draws it with its own `title`; a saved card is fetched again there too, never reloaded (§2.9).
 */
export function PaymentPage({ accountId, texts, go, href, dashboardHref, title }: RefillPageProps & { title?: string }) {
  const c = texts.refill.payment;
  const heading = title ?? c.title;
  const e = texts.payments.editPayment;
  const navigate = useNavigate();
  const client = useQueryClient();
  const info = useQuery(paymentInfoQuery(accountId));
  const [alert, setAlert] = useState<string>();
  const [last, setLast] = useState<ChangeResult>();
  const save = useMutation({
    mutationFn: ({ card, update }: { card: TokenisedCard; update: boolean }) =>
      changeCard(accountId, update ? 'update' : 'add', crypto.randomUUID(), toCardBody(card)),
    onMutate: () => setAlert(undefined),
    onSuccess: async (r) => {
      setLast(r);
      if (r.outcome === 'done') {
        // the offer carries the saved card the review shows
        await client.invalidateQueries({ queryKey: refillOfferQuery(accountId).queryKey });
        void client.invalidateQueries({ queryKey: paymentInfoQuery(accountId).queryKey });
        go('review');
      } else if (r.outcome === 'dashboard') navigate(dashboardHref, { replace: true, state: dashboardNotice(e.backToDashboard) });
      else setAlert(r.message ?? e.genericError);
    },
    onError: () => setAlert(e.genericError),
  });

  // the BFF's wait after a refusal (seed 002 §4.3: 30 s, 10 s from the second), as on edit payment
  const secondsLeft = useFormLock((last?.lock ?? info.data?.lock)?.retryInMs ?? 0, last ?? info.dataUpdatedAt);
  // the refusal's message goes with the wait (seed 002 §4.3)
  useClearWhenUnlocked(secondsLeft, useCallback(() => setAlert(undefined), []));
  const [editing, setEditing] = useState(false);
  const card = info.data?.card;
  const stage = info.data ? (card ? (editing ? 'editing' : 'saved') : 'new') : 'loading';
  return (
    <section className="payments refill-page" data-page="payment" data-stage={stage}>
      <title>{heading}</title>
      <h1>{heading}</h1>
      <p>{c.intro}</p>
      {alert && (
        <div className="alert" role="alert" data-testid="refill-alert">
          <p>{alert}</p>
          {secondsLeft > 0 && <p data-testid="retry-in">{fill(e.retryIn, { seconds: secondsLeft })}</p>}
        </div>
      )}
      {info.isError && (
        <p className="alert" role="alert">
          {e.genericError}
        </p>
      )}
      {!info.data && !info.isError && <p role="status">{texts.refill.loading}</p>}
      {info.data && (
        <>
          {card && (
            <>
              <h2>{e.savedHeading}</h2>
              <SavedCardView card={card} content={texts.payments} />
              <div className="actions">
                {!editing && (
                  <Button className="button button--primary" onPress={() => go('review')}>
                    {c.useSaved}
                  </Button>
                )}
                <Button className="button button--secondary" onPress={() => setEditing(!editing)} isDisabled={save.isPending}>
                  {editing ? e.cancel : e.edit}
                </Button>
              </div>
            </>
          )}
          {(!card || editing) && (
            <>
              {card && <h2>{e.newCardHeading}</h2>}
              <CardEntry
                iframeUrl={info.data.cardEntry.iframeUrl}
                config={info.data.cardEntry.config}
                title={e.cardEntryTitle}
                saveLabel={c.save}
                disabled={save.isPending || secondsLeft > 0}
                onToken={(t) => save.mutate({ card: t, update: Boolean(card) })}
              />
            </>
          )}
        </>
      )}
      <p>
        <Link to={href('customize')}>
          {c.back}
        </Link>
      </p>
    </section>
  );
}
