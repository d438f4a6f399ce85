import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from '../../app/router';
import { CallFailure } from '../../api/client';
import { CardEntry, SavedCardView } from '../../components/PaymentCard';
import { toCardBody, type TokenisedCard } from '../../lib/paymentCard';
import { changeCard, paymentInfoQuery, type CardChange, type ChangeResult } from './api';
import { fill } from '../../lib/format';
import type { PageAlert, PaymentsPageProps } from './types';
import { useClearWhenUnlocked, useFormLock } from '../../lib/useFormLock';
import { dashboardNotice } from '../../lib/dashboardNotice';

/**
 * `/{locale}/dashboard/edit-payment` (seed 001 §2, §4 "Payment instrument"; seed 002 §2.9, §4.2,
 * §4.3): the saved card (Edit/Cancel, Remove) or, without one, the card entry. A refusal shows
 * the catalogue message in an alert and disables the form for the BFF's wait; the third sends
 * the customer back to the dashboard. A success fetches the card again (the seed's reload).
 */
export function EditPaymentPage({ accountId, content, dashboardHref }: PaymentsPageProps) {
  const e = content.editPayment;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(paymentInfoQuery(accountId));
  const [editing, setEditing] = useState(false);
  const [alert, setAlert] = useState<PageAlert>();
  const [last, setLast] = useState<ChangeResult>();
  const mutation = useMutation({
    mutationFn: (v: { change: CardChange; key: string; token?: TokenisedCard }) =>
      changeCard(accountId, v.change, v.key, v.token ? toCardBody(v.token) : undefined),
    onSuccess: (r, v) => {
      setLast(r);
      if (r.outcome === 'dashboard') {
        // said on the dashboard: this page is gone (seed 002 §4.3)
        navigate(dashboardHref, { replace: true, state: dashboardNotice(e.backToDashboard) });
      } else if (r.outcome === 'rejected') {
        setAlert({ text: r.message ?? e.genericError, tone: 'error' });
      } else {
        setEditing(false);
        setAlert({ text: v.change === 'remove' ? e.removed : e.saved, tone: 'success' });
        void queryClient.invalidateQueries({ queryKey: ['payment-info', accountId] });
      }
    },
    onError: (err) => {
      setAlert({ text: e.genericError, tone: 'error' });
      if (err instanceof CallFailure && err.errorCode === 'PAYMENT_FORM_LOCKED') void info.refetch();
    },
  });
  const lock = last?.lock ?? info.data?.lock;
  const secondsLeft = useFormLock(lock?.retryInMs ?? 0, last ?? info.dataUpdatedAt);
  const locked = secondsLeft > 0 || mutation.isPending;
  // the refusal's message goes with the wait (seed 002 §4.3)
  useClearWhenUnlocked(secondsLeft, useCallback(() => setAlert((a) => (a?.tone === 'error' ? undefined : a)), []));

  if (info.isError)
    return (
      <section className="payments" data-page="edit-payment" data-stage="error">
        <title>{e.title}</title>
        <h1>{e.title}</h1>
        <div className="alert" role="alert">
          {e.genericError}
        </div>
        <Link to={dashboardHref}>{content.back}</Link>
      </section>
    );
  if (!info.data)
    return (
      <section className="payments" data-page="edit-payment" data-stage="loading" role="status" aria-busy="true">
        <p>{content.loading}</p>
      </section>
    );
  const card = info.data.card;
  const showEntry = !card || editing;
  const submit = (change: CardChange) => (token?: TokenisedCard) =>
    mutation.mutate({ change, key: crypto.randomUUID(), token });
  return (
    <section className="payments" data-page="edit-payment" data-stage={card ? (editing ? 'editing' : 'saved') : 'new'}>
      <title>{e.title}</title>
      <h1>{e.title}</h1>
      {alert && (
        <div className={`alert alert--${alert.tone}`} role={alert.tone === 'error' ? 'alert' : 'status'} data-testid="payments-alert">
          <p>{alert.text}</p>
          {secondsLeft > 0 && <p data-testid="retry-in">{fill(e.retryIn, { seconds: secondsLeft })}</p>}
        </div>
      )}
      {card ? (
        <>
          <h2>{e.savedHeading}</h2>
          <SavedCardView card={card} content={content} />
          <div className="actions">
            <Button className="button button--secondary" onPress={() => setEditing(!editing)} isDisabled={mutation.isPending}>
              {editing ? e.cancel : e.edit}
            </Button>
            {!editing && (
              <Button className="button button--ghost" onPress={() => submit('remove')()} isDisabled={locked}>
                {e.remove}
              </Button>
            )}
          </div>
        </>
      ) : (
        <p>{e.noCard}</p>
      )}
      {showEntry && (
        <>
          <h2>{card ? e.newCardHeading : e.addHeading}</h2>
          <CardEntry
            iframeUrl={info.data.cardEntry.iframeUrl}
            config={info.data.cardEntry.config}
            title={e.cardEntryTitle}
            saveLabel={e.save}
            disabled={locked}
            onToken={(r) => submit(card ? 'update' : 'add')(r)}
          />
        </>
      )}
      <p>
        <Link to={dashboardHref}>{content.back}</Link>
      </p>
    </section>
  );
}
