import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../../app/router';
import { useLocale } from '../../../lib/useLocale';
import { trackCallFailure } from '../../../lib/analytics';
import { createDigitalSession, getTax, restoreDigitalSession, type Cart, type RestoredSession } from '../api';
import { LoadScreen } from '../components/LoadScreen';
import { KEYS, isFlagSet, writeJson, writeSession } from '../storage';
import { useBuyState } from '../state';
import { buyKeys, useBuyContext } from '../useBuyContext';
import { buyHref, type BuyPageProps } from '../routes';

/** Seed 000 §9: the session loading screen shows a timed message after 15 s. */
export const SESSION_TIMEOUT_MS = 15_000;

/** The restored customer after the strip flags (seed 000 §4): blank phone or e-mail. */
export function applyStripFlags(restored: RestoredSession): RestoredSession {
  const stripPhone = isFlagSet(KEYS.stripPhoneNumber);
  const stripEmail = isFlagSet(KEYS.stripEmail);
  if (!stripPhone && !stripEmail) return restored;
  const contact = restored.digitalSession.contact;
  return {
    ...restored,
    complete: false,
    digitalSession: {
      ...restored.digitalSession,
      contact: { ...contact, phoneNumber: stripPhone ? '' : contact.phoneNumber, email: stripEmail ? '' : contact.email },
    },
  };
}

/**
 * `/{locale}/buy/session`: hand-off to the identity router and back (seed 000 §2 Session).
 * Without `digitalSessionId`: save ids and cart, create the session, leave for the router.
 * With it: restore, apply the strip flags, and go on to order-details (complete session with
 * serviceability and tax loaded) or customer-info.
 */
export function SessionPage({ content, page }: BuyPageProps) {
  const locale = useLocale();
  const navigate = useNavigate();
  const search = useSearchParams();
  const client = useQueryClient();
  const { locationId, marketId } = useBuyState();
  const { serviceability, productDetails } = useBuyContext();
  const digitalSessionId = search.get('digitalSessionId');
  const [slow, setSlow] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    const id = setTimeout(() => setSlow(true), SESSION_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, []);

  // leaving for the identity router
  useEffect(() => {
    if (digitalSessionId || started.current) return;
    started.current = true;
    if (locationId) writeSession(KEYS.locationId, locationId);
    if (marketId) writeSession(KEYS.marketId, marketId);
    const cart = client.getQueryData<Cart>(buyKeys.cart);
    if (cart) writeJson(KEYS.cart, cart);
    createDigitalSession(buyHref(locale, 'session'))
      .then((created) => window.location.assign(created.routerUrl))
      .catch((error: unknown) => {
        trackCallFailure(error, 'createDigitalSession');
        navigate(buyHref(locale, 'error'), { replace: true });
      });
  }, [digitalSessionId, locationId, marketId, client, locale, navigate]);

  // back from the router
  const [restored, setRestored] = useState<RestoredSession>();
  useEffect(() => {
    if (!digitalSessionId || started.current) return;
    started.current = true;
    restoreDigitalSession(digitalSessionId)
      .then((answer) => {
        const session = applyStripFlags(answer);
        writeJson(KEYS.restored, session);
        setRestored(session);
      })
      .catch((error: unknown) => {
        trackCallFailure(error, 'restoreDigitalSession');
        navigate(buyHref(locale, 'error'), { replace: true });
      });
  }, [digitalSessionId, locale, navigate]);

  // then: tax once serviceability and product details are loaded, and route on
  const routed = useRef(false);
  useEffect(() => {
    if (!restored || routed.current) return;
    const ready = serviceability.isSuccess && productDetails.isSuccess;
    const stuck = serviceability.isError || productDetails.isError || !locationId || !marketId;
    if (!restored.complete || stuck) {
      routed.current = true;
      navigate(buyHref(locale, 'customer-info'), { replace: true });
      return;
    }
    if (!ready) return;
    routed.current = true;
    client
      .fetchQuery({ queryKey: buyKeys.tax, queryFn: getTax, staleTime: Infinity })
      .then((tax) => {
        client.setQueryData(buyKeys.cart, tax.cart);
        navigate(buyHref(locale, tax.taxAvailable ? 'order-details' : 'customer-info'), { replace: true });
      })
      .catch(() => navigate(buyHref(locale, 'customer-info'), { replace: true }));
  }, [restored, serviceability.isSuccess, serviceability.isError, productDetails.isSuccess, productDetails.isError, locationId, marketId, client, locale, navigate]);

  const texts = content.session;
  return (
    <LoadScreen page={page.id} keepProgress text={digitalSessionId ? texts.postRedirect : texts.preRedirect}>
      {slow && <p data-testid="session-timed-message">{texts.timedMessage}</p>}
    </LoadScreen>
  );
}
