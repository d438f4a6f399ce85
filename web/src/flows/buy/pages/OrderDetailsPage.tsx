import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Alert } from '../../../components/Alert';
import { Checkbox } from '../../../components/Checkbox';
import { useLocale } from '../../../lib/useLocale';
import { fill, formatPrice } from '../../../lib/format';
import { addPaymentInstrument, getCardEntryConfig, getPrepaidPaymentId, type RestoredSession } from '../api';
import { PageHeading } from '../components/PageHeading';
import { usePaymentErrors } from '../reloadCounter';
import { KEYS, readJson, writeJson } from '../storage';
import { track } from '../../../lib/analytics';
import { CARD_ENTRY_HEIGHT, useCardEntry, type CardSubmitResponse } from '../../../lib/useCardEntry';
import { buyKeys, useBuyContext, useCart } from '../useBuyContext';
import { genericMessage } from '../content';
import { buyHref, type BuyPageProps } from '../routes';
import { useLeave } from '../useLeave';

/** `/{locale}/buy/order-details`: card entry, auto-refill, shipping (seed 000 §2, §4). */
export function OrderDetailsPage({ content, page }: BuyPageProps) {
  const c = content.payment;
  const locale = useLocale();
  const [leaving, leave] = useLeave();
  const { serviceability } = useBuyContext();
  const cart = useCart();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [autoRefill, setAutoRefill] = useState(false);
  const [frameKey, setFrameKey] = useState(0);
  const iframe = useRef<HTMLIFrameElement>(null);

  // the payment id first, then the component's configuration
  const paymentId = useQuery({ queryKey: buyKeys.paymentId, queryFn: getPrepaidPaymentId, staleTime: Infinity, retry: false });
  const config = useQuery({
    queryKey: buyKeys.cardEntry(locale),
    queryFn: getCardEntryConfig,
    enabled: paymentId.isSuccess,
    staleTime: Infinity,
    retry: false,
  });

  const restored = readJson<RestoredSession>(KEYS.restored);
  const errors = usePaymentErrors({
    // an identity whose hand-off session is complete is an existing customer (7 tries);
    // a new identity gets 5 (scenarios buy/payment-reload-redirect-{new,existing})
    isNewCustomer: !restored?.complete,
    onRedirect: () => window.location.assign(content.errorPage.backUrl),
    onReset: () => setFrameKey((k) => k + 1),
  });

  const add = useMutation({
    mutationFn: addPaymentInstrument,
    onSuccess: (result) => {
      if (result.outcome === 'added' && result.card) {
        writeJson(KEYS.card, result.card);
        errors.clear();
        leave(buyHref(locale, 'order-review'));
      } else {
        errors.report(result.message ?? genericMessage(content));
      }
    },
    onError: () => errors.report(genericMessage(content)),
  });

  const onToken = useCallback(
    (response: CardSubmitResponse & { cpcData: NonNullable<CardSubmitResponse['cpcData']> }) => {
      const card = response.cpcData.cardDetails;
      const info = response.paymentInfo;
      add.mutate({
        token: card.token,
        expirationDate: card.expirationDate,
        cardType: card.cardType,
        cardLast4Digits: card.cardLast4Digits,
        billing: {
          firstName: info?.firstName ?? response.cpcData.customerDetails?.firstName ?? '',
          lastName: info?.lastName ?? response.cpcData.customerDetails?.lastName ?? '',
          address: info?.address ?? '',
          addressLine2: info?.addressLine2 ?? '',
          city: info?.city ?? '',
          state: info?.state ?? '',
          zipCode: info?.zipCode ?? '',
        },
        enrollAutoPayment: autoRefill && termsAccepted,
        termsAccepted,
      });
    },
    [add, autoRefill, termsAccepted],
  );

  const cardEntry = useCardEntry({
    iframe,
    iframeUrl: config.data?.iframeUrl,
    config: config.data?.config,
    onToken,
    onSystemError: (detail) => track({ event: 'apiError', call: 'cardEntry', errorCode: detail || 'CPC_ERROR' }),
  });

  const shipping = cart.data?.shipping;
  const address = serviceability.data?.address;
  const busy = add.isPending || leaving || cardEntry.status === 'processing';
  // a payment error's message, else the generic one while the card form cannot load
  const alert = errors.message || (paymentId.isError || config.isError ? genericMessage(content) : undefined);

  return (
    <section className="card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{c.heading}</title>
      <PageHeading>{c.heading}</PageHeading>
      {alert && (
        <Alert title={c.alertHeading} testId="payment-alert">
          {alert}
        </Alert>
      )}
      {config.data && (
        <iframe
          key={frameKey}
          ref={iframe}
          className="card-frame"
          title={c.cardFrameTitle}
          src={config.data.iframeUrl}
          width="100%"
          height={cardEntry.height || config.data.height || CARD_ENTRY_HEIGHT}
          data-testid="card-frame"
        />
      )}
      <Checkbox isSelected={termsAccepted} onChange={(v) => { setTermsAccepted(v); if (!v) setAutoRefill(false); }} testId="card-terms">
        {c.terms}
      </Checkbox>
      <Checkbox isSelected={autoRefill} onChange={setAutoRefill} isDisabled={!termsAccepted} testId="auto-refill">
        {c.autoRefillLabel}
      </Checkbox>
      <p className="field__hint">{c.autoRefillHint}</p>

      <div className="review-block" data-testid="shipping-block">
        <h2>{c.shippingHeading}</h2>
        {address && (
          <p>
            {[address.addressLine1, address.addressLine2].filter(Boolean).join(', ')}
            <br />
            {`${address.city}, ${address.state} ${address.zip}`}
          </p>
        )}
        {shipping && <p>{shipping.free ? c.freeShipping : fill(c.shippingCharge, { amount: formatPrice(shipping.rate, locale) })}</p>}
      </div>

      <Button className="button button--primary" isDisabled={!cardEntry.formValid || busy} onPress={cardEntry.submit}>
        {c.next}
      </Button>
    </section>
  );
}
