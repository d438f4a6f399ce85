import { Button } from 'react-aria-components';
import { Checkbox } from '../../components/Checkbox';
import { CardEntry, SavedCardView } from '../../components/PaymentCard';
import { fill } from '../../lib/format';
import { toCardBody, type CardBody } from '../../lib/paymentCard';
import { useClearWhenUnlocked, useFormLock } from '../../lib/useFormLock';
import type { LitepayCardResult, LitepayRefill } from './api';
import type { LitepayTexts } from './content';
import { Summary } from './Summary';

const noop = () => undefined;

/**
 * What steps 2 and 3 of the refill page draw once an account is located (seed 002 §2.11,
 * §4.3): the card entry or recap and the confirmation. They load with a chunk of their own
 * (the card form's parts), after the page's first screen, which is step 1 (`RefillPage`).
 */

/** The recap of the card added in this session (seed 002 §2.11 step 2), with its edit link. */
function CardRecap({ refill, texts, onEdit }: { refill: LitepayRefill; texts: LitepayTexts; onEdit: () => void }) {
  const c = texts.litepay;
  const card = refill.card;
  if (!card) return null;
  return (
    <div className="litepay-recap" data-testid="card-recap">
      <SavedCardView card={{ ...card, firstName: '', lastName: '' }} content={texts.payments} />
      <dl className="refill-details">
        <div>
          <dt>{c.billingAddress}</dt>
          <dd translate="no">
            {[card.address, card.addressLine2, `${card.city}, ${card.state} ${card.zipCode}`].filter(Boolean).join(', ')}
          </dd>
        </div>
        <div>
          <dt>{c.mobile}</dt>
          <dd translate="no">{refill.phone}</dd>
        </div>
      </dl>
      <Button className="button button--link" onPress={onEdit}>
        {c.edit}
      </Button>
    </div>
  );
}

/**
 * Step 2: the card refusal with the BFF's wait (30 s, 10 s from the second, §4.3), then the
 * recap of the card added (Continue opens step 3) or the card entry.
 */
export function PaymentPanel({
  texts,
  refill,
  refillStamp,
  cardAlert,
  lastCard,
  editing,
  saving,
  onEdit,
  onContinue,
  onSave,
  onUnlocked,
}: {
  texts: LitepayTexts;
  refill: LitepayRefill | undefined;
  /** When the refill was last answered (a new wait starts with each answer). */
  refillStamp: number;
  cardAlert: string | undefined;
  lastCard: LitepayCardResult | undefined;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onContinue: () => void;
  onSave: (card: CardBody) => void;
  /** The wait is over: the refusal's message clears (seed 002 §4.3). */
  onUnlocked?: () => void;
}) {
  const c = texts.litepay;
  // the BFF's wait after a refusal (seed 002 §4.3: 30 s, 10 s from the second)
  const secondsLeft = useFormLock((lastCard?.lock ?? refill?.lock)?.retryInMs ?? 0, lastCard ?? refillStamp);
  useClearWhenUnlocked(secondsLeft, onUnlocked ?? noop);
  const showCardEntry = refill && (!refill.card || editing);
  return (
    <>
      {cardAlert && (
        <div className="alert" role="alert" data-testid="card-alert">
          <p>{cardAlert}</p>
          {secondsLeft > 0 && <p data-testid="retry-in">{fill(c.retryIn, { seconds: secondsLeft })}</p>}
        </div>
      )}
      {refill && !showCardEntry && (
        <>
          <CardRecap refill={refill} texts={texts} onEdit={onEdit} />
          <Button className="button button--primary" onPress={onContinue}>
            {c.continueLabel}
          </Button>
        </>
      )}
      {refill && showCardEntry && (
        <CardEntry
          iframeUrl={refill.cardEntry.iframeUrl}
          config={refill.cardEntry.config}
          title={texts.payments.editPayment.cardEntryTitle}
          saveLabel={c.saveCard}
          disabled={saving || secondsLeft > 0}
          onToken={(t) => onSave(toCardBody(t))}
        />
      )}
    </>
  );
}

/** Step 3: the order summary, the terms and Confirm and refill (relabelled while refilling). */
export function ConfirmPanel({
  c,
  refill,
  agreed,
  onAgree,
  refilling,
  onConfirm,
}: {
  c: LitepayTexts['litepay'];
  refill: LitepayRefill;
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  refilling: boolean;
  onConfirm: () => void;
}) {
  return (
    <>
      <h3>{c.summaryTitle}</h3>
      <Summary amounts={refill} c={c} />
      <Checkbox isSelected={agreed} onChange={onAgree} isDisabled={refilling} testId="terms">
        {c.terms}
      </Checkbox>
      {!agreed && <p className="field__hint">{c.termsRequired}</p>}
      <Button className="button button--primary" isDisabled={!agreed || refilling} onPress={onConfirm} data-testid="confirm-refill">
        {refilling ? c.refilling : c.confirm}
      </Button>
      <p role="status">{refilling ? c.refilling : ''}</p>
    </>
  );
}
