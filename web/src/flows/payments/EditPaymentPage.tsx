import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { CallFailure } from '../../api/client';
import { CARD_ENTRY_HEIGHT, useCardEntry, type CardSubmitResponse } from '../../lib/useCardEntry';
import { changeCard, paymentInfoQuery, type CardChange, type ChangeResult, type SavedCard } from './api';
import { fill } from '../../lib/format';
import type { PaymentsContent } from './content';
import type { PageAlert, PaymentsPageProps } from './types';
import { useFormLock } from './useFormLock';

type CardTypeName = keyof PaymentsContent['cardTypes'];
const TYPE_NAMES: Record<SavedCard['cardType'], CardTypeName> = {
  Visa: 'visa',
  MASTER_CARD: 'masterCard',
  Discover: 'discover',
  AMERICAN_EXPRESS: 'americanExpress',
  OTHER: 'other',
};

/** The saved card masked as `xxxx-xxxx-xxxx-1234` (seed 002 §2.9), its type and expiry. */
export function SavedCardView({ card, content }: { card: SavedCard; content: PaymentsContent }) {
  const e = content.editPayment;
  return (
    <p className="saved-card" data-testid="saved-card">
      <span>{content.cardTypes[TYPE_NAMES[card.cardType]]}</span>{' '}
      <span translate="no">{fill(e.masked, { last4: card.last4 })}</span>
      {card.expiry && <span className="saved-card__expiry"> {fill(e.expires, { expiry: card.expiry })}</span>}
    </p>
  );
}

/** The card-entry component in its iframe and the page's Save button (seed 000 §7 protocol). */
function CardEntry({
  iframeUrl,
  config,
  title,
  saveLabel,
  disabled,
  onToken,
}: {
  iframeUrl: string;
  config: unknown;
  title: string;
  saveLabel: string;
  disabled: boolean;
  onToken: (r: CardSubmitResponse & { cpcData: NonNullable<CardSubmitResponse['cpcData']> }) => void;
}) {
  const iframe = useRef<HTMLIFrameElement>(null);
  const entry = useCardEntry({ iframe, iframeUrl, config, onToken });
  return (
    <div className="card-entry" data-card-entry={entry.status}>
      <iframe ref={iframe} title={title} src={iframeUrl} height={entry.height || CARD_ENTRY_HEIGHT} width="100%" />
      <Button className="button button--primary" isDisabled={disabled || entry.status === 'processing'} onPress={entry.submit}>
        {saveLabel}
      </Button>
    </div>
  );
}

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
    mutationFn: (v: { change: CardChange; key: string; token?: Parameters<typeof toBody>[0] }) =>
      changeCard(accountId, v.change, v.key, v.token ? toBody(v.token) : undefined),
    onSuccess: (r, v) => {
      setLast(r);
      if (r.outcome === 'dashboard') {
        setAlert({ text: r.message ?? e.backToDashboard, tone: 'error' });
        navigate(dashboardHref, { replace: true });
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
  const submit = (change: CardChange) => (token?: Parameters<typeof toBody>[0]) =>
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

/** The body of an add or update: the component's answer, never card data beyond its token. */
function toBody(r: CardSubmitResponse & { cpcData: NonNullable<CardSubmitResponse['cpcData']> }) {
  const c = r.cpcData.cardDetails;
  const p = r.paymentInfo;
  const names = r.cpcData.customerDetails;
  return {
    token: c.token,
    expirationDate: c.expirationDate,
    cardType: c.cardType,
    cardLast4Digits: c.cardLast4Digits,
    billing: {
      firstName: p?.firstName || names?.firstName || '',
      lastName: p?.lastName || names?.lastName || '',
      address: p?.address ?? '',
      addressLine2: p?.addressLine2 ?? '',
      city: p?.city ?? '',
      state: p?.state ?? '',
      zipCode: p?.zipCode ?? '',
    },
  };
}
