import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { useNavigate } from '../../app/router';
import { CallFailure } from '../../api/client';
import { AccountLink } from '../../components/AccountNav';
import { BroadbandLabel } from '../../components/BroadbandLabel';
import { ContentModal } from '../../components/ContentModal';
import { track } from '../../lib/analytics';
import { fill } from '../../lib/format';
import { lazyPage, preloadWhenIdle } from '../../lib/lazyPage';
import type { Locale } from '../../lib/locale';
import type { CardBody } from '../../lib/paymentCard';
import { addCard, litepayConfirmationQuery, litepayRefillQuery, lookupAccount, submitRefill, type LitepayCardResult, type LitepayRefill } from './api';
import type { LitepayTexts } from './content';
import { FindAccount } from './FindAccount';
import { litepayFlow } from './routes';
import { isComplete, isEnabled, lookupNotice, nextStep, toggle, type LookupNotice, type Progress, type StepId } from './steps';
import { money } from './Summary';

function Step({
  id,
  number,
  title,
  done,
  disabled,
  busy,
  c,
  children,
}: {
  id: StepId;
  number: number;
  title: string;
  done: boolean;
  disabled: boolean;
  busy: boolean;
  c: LitepayTexts['litepay'];
  children: ReactNode;
}) {
  return (
    <Disclosure id={id} className="activation-step litepay-step" data-testid={`step-${id}`} data-complete={done} isDisabled={disabled}>
      <Heading level={2} className="activation-step__heading">
        <Button slot="trigger" className="activation-step__trigger">
          {/* a completed step shows a check mark instead of its number (seed 002 §2.11) */}
          <span className="litepay-step__mark" aria-hidden="true">
            {done ? '✓' : number}
          </span>
          <span className="activation-step__title">{title}</span>
          {done && <span className="litepay-sr">{c.stepComplete}</span>}
          {busy && <span className="activation-step__status">{c.updating}</span>}
        </Button>
      </Heading>
      <DisclosurePanel className="activation-step__panel">{children}</DisclosurePanel>
    </Disclosure>
  );
}

// Steps 2 and 3 draw nothing before an account is located: their parts (the card entry and
// recap, the terms) load with a chunk of their own, fetched once the browser is idle after the
// page is drawn, so they are not in the entry's first load (ARCHITECTURE.md "First load").
const PaymentPanel = lazyPage(async () => (await import('./CardSteps')).PaymentPanel);
const ConfirmPanel = lazyPage(async () => (await import('./CardSteps')).ConfirmPanel);

/** The attempt's Idempotency-Key: kept only after a lost answer (a retry is the same attempt). */
function endsAttempt(e: unknown): boolean {
  return !(e instanceof CallFailure) || e.status !== 0;
}

/**
 * `/{locale}/litepay/refill` (seed 002 §2.11, §4.3, §4.6): title, description, the "what is"
 * modal, the other-services card, the plan-tier block, the sticky cart when content sets the
 * flag; the three steps. Every amount, the masked phone and the card recap are the BFF's.
 */
export function RefillPage({ texts, locale }: { texts: LitepayTexts; locale: Locale }) {
  const c = texts.litepay;
  const navigate = useNavigate();
  const client = useQueryClient();
  // a reload keeps the located account (the BFF's session): 409 REFILL_NOT_READY is step 1
  const refillQuery = useQuery(litepayRefillQuery);
  const refill = refillQuery.data;
  const [open, setOpen] = useState<StepId | undefined>('find');
  const [notice, setNotice] = useState<LookupNotice>({ kind: 'none' });
  const [misses, setMisses] = useState(0);
  const [cardAlert, setCardAlert] = useState<string>();
  // the refusal's message goes with the form's wait (seed 002 §4.3)
  const clearCardAlert = useCallback(() => setCardAlert(undefined), []);
  const [refillAlert, setRefillAlert] = useState<string>();
  const [lastCard, setLastCard] = useState<LitepayCardResult>();
  const [editing, setEditing] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const refillKey = useRef<string>(undefined);
  const progress: Progress = { located: Boolean(refill), card: Boolean(refill?.card) && !editing };
  useEffect(() => preloadWhenIdle(() => Promise.all([PaymentPanel.preload(), ConfirmPanel.preload()])), []);

  // a reload with an account located opens the step that comes next
  const opened = useRef(false);
  useEffect(() => {
    if (refill && !opened.current) {
      opened.current = true;
      setOpen(nextStep({ located: true, card: Boolean(refill.card) }));
    }
  }, [refill]);

  const lookup = useMutation({
    mutationFn: ({ phone, zip }: { phone: string; zip: string }) => lookupAccount(phone, zip),
    onMutate: () => setNotice({ kind: 'none' }),
    onSuccess: (r) => {
      const miss = r.outcome === 'notLocated' ? misses + 1 : 0;
      setMisses(miss);
      setNotice(lookupNotice(r.outcome, r.message ?? c.genericError, miss));
      if (r.outcome === 'found' && r.refill) {
        client.setQueryData(litepayRefillQuery.queryKey, r.refill);
        setEditing(false);
        setRefillAlert(undefined);
        setOpen('payment');
        track({ event: 'addToCart', flowType: litepayFlow.flowType, product: r.refill.plan, price: r.refill.planPrice });
      } else client.removeQueries({ queryKey: litepayRefillQuery.queryKey });
    },
    onError: (e) => setNotice({ kind: 'notLocated', message: e instanceof CallFailure && e.status === 429 ? messageOf(e, c.genericError) : c.genericError, unfortunate: false }),
  });

  const save = useMutation({
    mutationFn: (card: CardBody) => addCard(card, crypto.randomUUID()),
    onMutate: () => setCardAlert(undefined),
    onSuccess: (r) => {
      setLastCard(r);
      if (r.outcome === 'added' && r.card) {
        client.setQueryData<LitepayRefill>(litepayRefillQuery.queryKey, (old) => (old ? { ...old, card: r.card, lock: r.lock } : old));
        setEditing(false);
        setRefillAlert(undefined);
        setOpen('confirm');
      } else if (r.outcome === 'marketing') window.location.assign(c.marketingUrl);
      else setCardAlert(r.message ?? c.genericError);
    },
    onError: (e) => {
      if (e instanceof CallFailure && e.errorCode === 'REFILL_NOT_READY') backToStart();
      else setCardAlert(messageOf(e, c.genericError));
    },
  });

  const reopenPayment = (message: string) => {
    setRefillAlert(message);
    setOpen('payment');
    // after the panel opened: scroll to step 2 (seed 002 §4.6)
    setTimeout(() => document.querySelector('[data-testid="step-payment"]')?.scrollIntoView?.({ block: 'start' }), 0);
  };
  const backToStart = () => {
    client.removeQueries({ queryKey: litepayRefillQuery.queryKey });
    setOpen('find');
  };
  const submit = useMutation({
    mutationFn: () => submitRefill((refillKey.current ??= crypto.randomUUID())),
    onMutate: () => setRefillAlert(undefined),
    onSettled: () => {
      pressed.current = false;
    },
    onSuccess: (r) => {
      refillKey.current = undefined;
      if (r.outcome === 'failed' || !r.confirmation) {
        reopenPayment(r.message ?? c.genericError);
        return;
      }
      client.setQueryData(litepayConfirmationQuery.queryKey, r.confirmation);
      navigate(`/${locale}/litepay/order-confirmation`);
    },
    onError: (e) => {
      if (endsAttempt(e)) refillKey.current = undefined;
      if (e instanceof CallFailure && e.errorCode === 'REFILL_NOT_READY') backToStart();
      else reopenPayment(messageOf(e, c.genericError));
    },
  });

  // a second press before React re-renders the disabled button is the same press
  const pressed = useRef(false);
  const confirmRefill = () => {
    if (pressed.current) return;
    pressed.current = true;
    submit.mutate();
  };

  const sticky = c.stickyCart && (
    <aside className="sticky-cta litepay-cart" aria-label={c.stickyCartLabel} data-testid="sticky-cart">
      <span>{fill(c.stickyCartItems, { count: 1 })}</span>
      {refill && (
        <span>
          {c.total} {fill(c.price, { price: money(refill.total) })}
        </span>
      )}
      <Button className="button button--primary" onPress={() => setOpen(nextStep(progress))}>
        {c.next}
      </Button>
    </aside>
  );

  return (
    <>
      <section className="litepay activation" data-page="refill" data-stage={open ?? 'closed'}>
        <title>{c.title}</title>
        <h1>{c.title}</h1>
        <p>{c.description}</p>
        <ContentModal trigger={c.whatIsLink} modal={c.whatIs} testId="what-is-modal" />
        <DisclosureGroup
          className="activation-steps"
          expandedKeys={open ? [open] : []}
          onExpandedChange={(keys) => {
            const [key] = [...keys] as StepId[];
            // one open at a time; opening the open step closes it
            setOpen(key === undefined ? undefined : toggle(open, key, progress));
          }}
        >
          <Step id="find" number={1} title={c.stepFind} done={isComplete('find', progress)} disabled={false} busy={lookup.isPending} c={c}>
            {refill && notice.kind === 'none' && (
              <p data-testid="found" translate="no">
                {fill(c.found, { phone: refill.phone, zip: refill.zip })}
              </p>
            )}
            <FindAccount c={c} locating={lookup.isPending} notice={notice} onFind={(phone, zip) => lookup.mutate({ phone, zip })} />
          </Step>
          <Step
              id="payment"
              number={2}
              title={c.stepPayment}
              done={isComplete('payment', progress)}
              disabled={!isEnabled('payment', progress)}
              busy={save.isPending}
              c={c}
            >
              {refillAlert && (
                <div className="alert" role="alert" data-testid="refill-error">
                  <p>{refillAlert}</p>
                </div>
              )}
              {refill?.promoBanner && (
                <p className="litepay-promo" data-testid="promo-banner">
                  {c.promoBanner}
                </p>
              )}
              {(cardAlert || refill) && (
                <Suspense fallback={<p role="status">{c.loading}</p>}>
                  <PaymentPanel
                    texts={texts}
                    refill={refill}
                    refillStamp={refillQuery.dataUpdatedAt}
                    cardAlert={cardAlert}
                    lastCard={lastCard}
                    editing={editing}
                    saving={save.isPending}
                    onEdit={() => setEditing(true)}
                    onContinue={() => setOpen('confirm')}
                    onSave={(card) => save.mutate(card)}
                    onUnlocked={clearCardAlert}
                  />
                </Suspense>
              )}
            </Step>
          <Step
            id="confirm"
            number={3}
            title={c.stepConfirm}
            done={false}
            disabled={!isEnabled('confirm', progress)}
            busy={submit.isPending}
            c={c}
          >
            {refill && (
              <Suspense fallback={<p role="status">{c.loading}</p>}>
                <ConfirmPanel c={c} refill={refill} agreed={agreed} onAgree={setAgreed} refilling={submit.isPending} onConfirm={confirmRefill} />
              </Suspense>
            )}
          </Step>
        </DisclosureGroup>
        <section className="litepay-other" aria-labelledby="litepay-other-heading">
          <h2 id="litepay-other-heading">{c.otherServicesTitle}</h2>
          <p>{c.otherServicesBody}</p>
          <AccountLink link={c.otherServicesLink} locale={locale} />
        </section>
        <BroadbandLabel content={c.broadbandLabel} />
      </section>
      {sticky}
    </>
  );
}

/** The BFF's catalogue `message` of a failed call, else `fallback`. */
function messageOf(e: unknown, fallback: string): string {
  const m = e instanceof CallFailure ? (e.body as { message?: unknown } | undefined)?.message : undefined;
  return typeof m === 'string' && m ? m : fallback;
}
