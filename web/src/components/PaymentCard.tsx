import { useRef } from 'react';
import { Button } from 'react-aria-components';
import type { Schemas } from '../api/client';
import { fill } from '../lib/format';
import type { SavedCard, TokenisedCard } from '../lib/paymentCard';
import { CARD_ENTRY_HEIGHT, useCardEntry } from '../lib/useCardEntry';

type PaymentsContent = Schemas['PaymentsTexts'];
type CardTypeName = keyof PaymentsContent['cardTypes'];
const TYPE_NAMES: Record<SavedCard['cardType'], CardTypeName> = {
  Visa: 'visa',
  MASTER_CARD: 'masterCard',
  Discover: 'discover',
  AMERICAN_EXPRESS: 'americanExpress',
  OTHER: 'other',
};

/**
 * The saved card masked as `xxxx-xxxx-xxxx-1234` (seed 002 §2.9), its type and expiry; the
 * texts are the `payments` section's (edit payment and the refill pages show the same card).
 */
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

/** What stands where the card entry comes: its iframe's room, so its arrival moves nothing below. */
export function CardEntryLoading({ label }: { label: string }) {
  return (
    <p role="status" className="card-entry" style={{ minHeight: CARD_ENTRY_HEIGHT }}>
      {label}
    </p>
  );
}

/**
 * The card-entry component in its iframe and the page's Save button (seed 000 §7 protocol).
 * Save is enabled only while the component says its form is valid (`FORM_VALIDITY`; seed 002
 * §2.4, §5: the submit is disabled while the form is invalid, an empty form included).
 */
export function CardEntry({
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
  onToken: (r: TokenisedCard) => void;
}) {
  const iframe = useRef<HTMLIFrameElement>(null);
  const entry = useCardEntry({ iframe, iframeUrl, config, onToken });
  return (
    <div className="card-entry" data-card-entry={entry.status}>
      <iframe ref={iframe} title={title} src={iframeUrl} height={entry.height || CARD_ENTRY_HEIGHT} width="100%" />
      <Button className="button button--primary" isDisabled={disabled || !entry.formValid || entry.status === 'processing'} onPress={entry.submit}>
        {saveLabel}
      </Button>
    </div>
  );
}
