import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { Link, useNavigate } from '../../../app/router';
import { Checkbox } from '../../../components/Checkbox';
import { ContentModal } from '../../../components/ContentModal';
import { CallFailure } from '../../../api/client';
import { useLocale } from '../../../lib/useLocale';
import { track } from '../../../lib/analytics';
import { fill, formatPrice } from '../../../lib/format';
import { submitOrder, updateCart, type CardSummary, type RestoredSession } from '../api';
import { CartSummary } from '../components/CartSummary';
import type { CustomerValues } from '../components/CustomerInfoForm';
import { LoadScreen } from '../components/LoadScreen';
import { PageHeading } from '../components/PageHeading';
import { genericMessage, type BuyContent } from '../content';
import { formatDisplayTn } from '../customerForm';
import { orderAttemptKey, settleOrderAttempt } from '../idempotency';
import { KEYS, readJson, removeSession, writeJson } from '../storage';
import { useBuyState } from '../state';
import { useLeave } from '../useLeave';
import { buyKeys, useBuyContext, useCart, useTax } from '../useBuyContext';
import { buyHref, type BuyPageProps } from '../routes';
import { cardTypeName, shippingMethodName } from '../labels';

type LangPref = 'ENGLISH' | 'SPANISH';

/** MMYY (or MM/YY) as MM/YY. */
export function expiryMMYY(expiry: string): string {
  const d = expiry.replace(/\D/g, '');
  return d.length === 4 ? `${d.slice(0, 2)}/${d.slice(2)}` : expiry;
}

/** The verified or not-yet-verified badge of a contact; it opens the content's explanation. */
function Verification({ verified, content }: { verified: boolean; content: BuyContent['review']['yourInformation'] }) {
  return (
    <ContentModal
      trigger={verified ? content.verified : content.unverified}
      modal={verified ? content.verifiedModal : content.unverifiedModal}
      triggerClassName={`badge button--link${verified ? '' : ' badge--unverified'}`}
    />
  );
}

/** `/{locale}/buy/order-review`: card, shipping, your information, choices, Complete purchase. */
export function OrderReviewPage({ content, page }: BuyPageProps) {
  const c = content.review;
  const yi = c.yourInformation;
  const locale = useLocale();
  const navigate = useNavigate();
  const [leaving, leave] = useLeave();
  const client = useQueryClient();
  const { setNotification } = useBuyState();
  const { serviceability, promotions } = useBuyContext();
  useTax();
  const cart = useCart();
  const [card] = useState(() => readJson<CardSummary>(KEYS.card));
  const [restored] = useState(() => readJson<RestoredSession>(KEYS.restored));
  const [customer] = useState(() => readJson<CustomerValues>(KEYS.customer));
  const [smsOptIn, setSmsOptIn] = useState(false);
  const [langPref, setLangPref] = useState<LangPref>(locale === 'es' ? 'SPANISH' : 'ENGLISH');
  const [consent, setConsent] = useState(false);

  const addPromo = useMutation({
    mutationFn: () => updateCart(true),
    onSuccess: (next) => {
      client.setQueryData(buyKeys.cart, next);
      void client.invalidateQueries({ queryKey: buyKeys.tax });
    },
  });

  // a second press before React swaps in the submitting screen must not send again (the BFF
  // would replay the attempt anyway: same Idempotency-Key)
  const pressed = useRef(false);
  const submit = useMutation({
    // the contract accepts only `consent: true`; the button is disabled until it is checked
    mutationFn: () => submitOrder({ smsOptIn, emailOptIn: false, langPref, consent: true }, orderAttemptKey()),
    onSettled: () => {
      pressed.current = false;
    },
    onSuccess: (result) => {
      settleOrderAttempt();
      if (result.outcome === 'placed') {
        writeJson(KEYS.order, result);
        // the load screen stays until the confirmation is drawn
        leave(buyHref(locale, 'order-confirmation'));
      } else if (result.outcome === 'unrecoverable') {
        navigate(buyHref(locale, 'error'));
      } else {
        setNotification(result.message ?? genericMessage(content));
      }
    },
    onError: (error) => {
      const status = error instanceof CallFailure ? error.status : 0;
      // an HTTP answer settles the attempt; a network failure keeps the key for a retry
      if (status !== 0) settleOrderAttempt();
      if (status === 0 || status >= 500) {
        track({ event: 'systemError', call: 'submitOrder', errorCode: error instanceof CallFailure ? error.errorCode : 'UNKNOWN' });
        navigate(buyHref(locale, 'error'));
      } else {
        setNotification(genericMessage(content));
      }
    },
  });

  if (submit.isPending || leaving) return <LoadScreen page={page.id} text={c.submitting} timedMessage={content.session.timedMessage} />;

  const session = restored?.digitalSession;
  const name = customer ? `${customer.firstName} ${customer.lastName}` : session ? `${session.name.firstName} ${session.name.lastName}` : '';
  const email = customer?.email || session?.contact.email || '';
  const tn = customer?.tn || session?.contact.phoneNumber || '';
  const mobileVerified = Boolean(session?.contact.verificationStatus?.mobile && session.contact.phoneNumber === tn);
  const emailVerified = Boolean(session?.contact.verificationStatus?.email && session.contact.email === email);
  const identifier = mobileVerified ? formatDisplayTn(tn) : email;
  const address = serviceability.data?.address;
  const shipping = cart.data?.shipping;
  const showPromo = Boolean(promotions.data?.validPromotion) && cart.data?.offerInCart === false;

  return (
    <section className="card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{c.heading}</title>
      <PageHeading>{c.heading}</PageHeading>

      {showPromo && (
        <div className="promo-tile" data-testid="promo-tile">
          <h2>{c.promoTile.title}</h2>
          <p>{c.promoTile.body}</p>
          <Button className="button button--secondary" isDisabled={addPromo.isPending} onPress={() => addPromo.mutate()}>
            {c.promoTile.add}
          </Button>
        </div>
      )}

      <div className="review-block" data-testid="card-summary">
        <h2>{c.cardHeading}</h2>
        {card && (
          <div className="summary">
            <dl>
              <dt>{c.cardTypeLabel}</dt>
              <dd>
                <span data-testid="card-type">{cardTypeName(card.cardType, content.catalogue.cardTypes)}</span>
                <br />
                <span data-testid="masked-card">{fill(c.cardNumber, { last4: `•••• ${card.last4}` })}</span>
              </dd>
              <dt>{c.expiryLabel}</dt>
              <dd>{expiryMMYY(card.expiry)}</dd>
              <dt>{c.billingAddressLabel}</dt>
              <dd>
                {`${card.firstName} ${card.lastName}`}
                <br />
                {[card.addressLine1, card.addressLine2].filter(Boolean).join(', ')}
                <br />
                {`${card.city}, ${card.state} ${card.zip}`}
              </dd>
            </dl>
          </div>
        )}
        <Link
          className="button button--link"
          to={buyHref(locale, 'order-details')}
          onClick={() => {
            // a new payment method needs a new payment id (seed 000 §4 "reset")
            client.removeQueries({ queryKey: buyKeys.paymentId });
            removeSession(KEYS.card);
          }}
        >
          {c.changePayment}
        </Link>
      </div>

      <div className="review-block" data-testid="shipping-review">
        <h2>{c.shippingHeading}</h2>
        <div className="summary">
          <dl>
            <dt>{c.shippingMethodLabel}</dt>
            <dd>{shipping ? `${shippingMethodName(shipping, content.catalogue)} · ${shipping.free ? content.confirmation.free : formatPrice(shipping.rate, locale)}` : ''}</dd>
            <dt>{c.shippingAddressLabel}</dt>
            <dd>
              {address && (
                <>
                  {[address.addressLine1, address.addressLine2].filter(Boolean).join(', ')}
                  <br />
                  {`${address.city}, ${address.state} ${address.zip}`}
                </>
              )}
            </dd>
          </dl>
        </div>
      </div>

      <div className="review-block" data-testid="your-information">
        <h2>{yi.heading}</h2>
        <div className="summary">
          <dl>
            <dt>{yi.nameLabel}</dt>
            <dd>{name}</dd>
            <dt>{yi.identifierLabel}</dt>
            <dd>{identifier}</dd>
            <dt>{yi.emailLabel}</dt>
            <dd>
              {email}
              <Verification verified={emailVerified} content={yi} />
            </dd>
            <dt>{yi.mobileLabel}</dt>
            <dd>
              {formatDisplayTn(tn)}
              <Verification verified={mobileVerified} content={yi} />
            </dd>
          </dl>
        </div>
      </div>

      {cart.data && <CartSummary cart={cart.data} content={content.cart} catalogue={content.catalogue} locale={locale} />}

      <div className="form">
        <Checkbox isSelected={smsOptIn} onChange={setSmsOptIn} testId="sms-opt-in">
          {c.smsOptIn}
        </Checkbox>
        <RadioGroup className="radios-group" value={langPref} onChange={(v) => setLangPref(v as LangPref)}>
          <Label className="field__label">{c.languageLegend}</Label>
          <div className="radios">
            <Radio className="radio" value="ENGLISH">
              <span className="radio__dot" aria-hidden="true" />
              {c.languageEnglish}
            </Radio>
            <Radio className="radio" value="SPANISH">
              <span className="radio__dot" aria-hidden="true" />
              {c.languageSpanish}
            </Radio>
          </div>
        </RadioGroup>
        <Checkbox isSelected={consent} onChange={setConsent} testId="consent">
          {c.consent}
        </Checkbox>
        <ContentModal trigger={c.termsLink} modal={c.termsModal} testId="terms-modal" />
        <Button className="button button--primary" isDisabled={!consent || !card} onPress={() => {
          if (pressed.current) return;
          pressed.current = true;
          submit.mutate();
        }}>
          {c.completePurchase}
        </Button>
      </div>
    </section>
  );
}
