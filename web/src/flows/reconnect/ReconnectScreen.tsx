import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading, Label, Radio, RadioGroup } from 'react-aria-components';
import { Link, useNavigate } from '../../app/router';
import { CallFailure, catalogueMessage } from '../../api/client';
import { AccountShell } from '../../components/AccountShell';
import { CardEntry, CardEntryLoading, SavedCardView } from '../../components/PaymentCard';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { encodeAccountId } from '../../lib/accountId';
import { accountFirstQueries } from '../../lib/firstQueries';
import { usePageAccount } from '../../lib/pageAccount';
import { usePageTracking } from '../../lib/analytics';
import { fill } from '../../lib/format';
import type { FlowScreenProps } from '../../lib/flows';
import type { Locale } from '../../lib/locale';
import { changeCard, paymentInfoQuery, toCardBody, type TokenisedCard } from '../../lib/paymentCard';
import { useLocale } from '../../lib/useLocale';
import { reconnectQuery, submitReconnect, type Reconnect, type ReconnectResult } from './api';
import { useReconnectContent, type ReconnectTexts } from './content';
import { reconnectFlow, type ReconnectPageDef } from './routes';
import { STAGE_MS } from './timers';
import '../../styles/activation.css';
import '../../styles/payments.css';

type StepId = 'address' | 'refill' | 'activation';

const money = (n: number) => n.toFixed(2);

/** The not-available message's text: the BFF's catalogue `message` of `RECONNECT_NOT_AVAILABLE`. */
function notAvailable(error: unknown): string | undefined {
  if (!(error instanceof CallFailure) || error.errorCode !== 'RECONNECT_NOT_AVAILABLE') return undefined;
  const m = (error.body as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' ? m : '';
}

/** 403s are the app's session-error handler's (`app/SessionErrors.tsx`); every other failure is the error page. */
function goesToErrorPage(error: unknown): boolean {
  return !(error instanceof CallFailure && error.status === 403) && notAvailable(error) === undefined;
}

/** The reconnect's first screen reads the profile and the account's reconnect check. */
export const firstQueries = accountFirstQueries(reconnectQuery);

/**
 * `/{locale}/reconnect` (seed 002 §2.10, §4.5) in the signed-in shell: the BFF checks the
 * account and the address (`getReconnect`); then three steps staged at 0.5 s (the address
 * completes by itself) and 1 s (the refill opens): the plan (30 or 7 days, total = price +
 * tax), the saved card or the card entry, the reconnect (`submitReconnect`, one key per
 * attempt), the thank-you; then the link to reactivation, disabled until the refill is done.
 * Not eligible: the not-available message; any other failure: the error page.
 */
export function ReconnectScreen({ page }: FlowScreenProps<ReconnectPageDef>) {
  const locale = useLocale();
  const navigate = useNavigate();
  const { search, accountId, keep } = usePageAccount();
  const content = useReconnectContent(locale);
  const check = useQuery({ ...reconnectQuery(accountId ?? ''), enabled: Boolean(accountId) });
  usePageTracking(reconnectFlow, page.step ?? page.id, locale, check.error);
  const failed = check.isError && goesToErrorPage(check.error);
  useEffect(() => {
    if (failed) navigate(`/${locale}/error`, { replace: true });
  }, [failed, navigate, locale]);

  let body: ReactNode;
  const unavailable = notAvailable(check.error);
  if (content.isError) body = <ContentFallback />;
  else if (!content.data) body = <ContentLoading />;
  else if (unavailable !== undefined) {
    const c = content.data.reconnect;
    body = (
      <section className="reconnect" data-stage="not-available">
        <title>{c.notAvailableTitle}</title>
        <h1>{c.notAvailableTitle}</h1>
        <p role="alert">{unavailable || c.genericError}</p>
        <p>
          <Link to={`/${locale}/dashboard${keep}`}>{c.back}</Link>
        </p>
      </section>
    );
  } else if (!accountId) {
    // whose account is not known yet (the profile on its way, or nobody signed in, who is on
    // the way to the sign-in): no page title that would flash before the sign-in
    body = (
      <p role="status" data-stage="loading">
        {content.data.reconnect.loading}
      </p>
    );
  } else {
    // one heading for checking and steps: the page's title is on the first screen and stays put
    const c = content.data.reconnect;
    body = (
      <section className="reconnect activation">
        <title>{c.title}</title>
        <h1>{c.title}</h1>
        {check.data && accountId ? (
          <Steps accountId={accountId} check={check.data} texts={content.data} locale={locale} search={search} />
        ) : (
          <p role="status" data-stage="checking">
            {c.loading}
          </p>
        )}
      </section>
    );
  }
  return (
    <AccountShell locale={locale} account="deactivated" hideStickyCta>
      {body}
    </AccountShell>
  );
}

/** How many staging turns have come since the steps showed (0.5 s, then 1 s; seed 002 §2.10). */
function useStageTurns(): number {
  const [turns, setTurns] = useState(0);
  useEffect(() => {
    const timers = STAGE_MS.map((ms, i) => setTimeout(() => setTurns((t) => Math.max(t, i + 1)), ms));
    return () => timers.forEach(clearTimeout);
  }, []);
  return turns;
}

function Step({
  id,
  title,
  done,
  disabled,
  holdsRoom,
  completeLabel,
  children,
}: {
  id: StepId;
  title: string;
  done: boolean;
  disabled?: boolean;
  /** Its panel's room is kept (invisible) while collapsed: it opens on the staging turn, and opening it moves nothing below. */
  holdsRoom?: boolean;
  completeLabel: string;
  children: ReactNode;
}) {
  return (
    <Disclosure
      id={id}
      className="activation-step"
      data-testid={`step-${id}`}
      data-complete={done}
      data-holds-room={holdsRoom || undefined}
      isDisabled={disabled}
    >
      <Heading level={2} className="activation-step__heading">
        <Button slot="trigger" className="activation-step__trigger">
          <span className="faq__chevron" aria-hidden="true" />
          <span className="activation-step__title">{title}</span>
          {done && <span className="activation-step__status activation-step__status--done">{completeLabel}</span>}
        </Button>
      </Heading>
      <DisclosurePanel className="activation-step__panel">{children}</DisclosurePanel>
    </Disclosure>
  );
}

/** The steps the staging turn opens: the refill, and the reactivation too once reconnected. */
const openingSteps = (reconnected: boolean): StepId[] => (reconnected ? ['refill', 'activation'] : ['refill']);

export interface StepsProps {
  accountId: string;
  check: Reconnect;
  texts: ReconnectTexts;
  locale: Locale;
  search: URLSearchParams;
}

/** The three steps of a checked account, under the page's heading. */
export function Steps({ accountId, check, texts, locale, search }: StepsProps) {
  const c = texts.reconnect;
  const e = texts.payments.editPayment;
  const navigate = useNavigate();
  const client = useQueryClient();
  const turns = useStageTurns();
  const [plan, setPlan] = useState(check.plans.find((p) => p.default)?.code ?? check.plans[0]?.code ?? 'HSD_030');
  const [result, setResult] = useState<ReconnectResult | undefined>(check.reconnected);
  const [expanded, setExpanded] = useState<Set<StepId>>(new Set(['address']));
  const [cardAlert, setCardAlert] = useState<string>();
  // the card entry step 2 draws is asked for on the first staging turn (step 2 opens on the
  // second) or when step 2 is opened: the steps' first paint does not wait on it
  const cardEntryNeeded = turns >= 1 || expanded.has('refill');
  const info = useQuery({ ...paymentInfoQuery(accountId), enabled: !check.savedCard && !result && cardEntryNeeded });
  const key = useRef<string>(undefined);
  const done = result?.outcome === 'reconnected';
  // The thank-you keeps the height of the refill panel it replaces (px): shorter, it pulled
  // step 3 and the footer up when the payment's answer came, a shift of 0.063 that field CLS
  // counts (the answer comes more than 0.5 s after the click)
  const refillPanel = useRef<HTMLDivElement>(null);
  const [refillRoom, setRefillRoom] = useState<number>();

  // staging: step 1 completes at 0.5 s, step 2 opens at 1 s (with step 3 after a reload once
  // reconnected); step 1 stays open and the steps that open keep their room until then, so the
  // turn moves nothing on the page (it was a layout shift of 0.55 on a phone)
  const [staged, setStaged] = useState(false);
  const opening = staged ? [] : openingSteps(done);
  useEffect(() => {
    if (turns < 2) return;
    // one render: the room a step held is its open panel's in the same frame
    setStaged(true);
    setExpanded(new Set<StepId>(['address', ...openingSteps(done)]));
  }, [turns, done]);

  const save = useMutation({
    mutationFn: (card: TokenisedCard) => changeCard(accountId, 'add', crypto.randomUUID(), toCardBody(card)),
    onMutate: () => setCardAlert(undefined),
    onSuccess: async (r) => {
      if (r.outcome === 'done') await client.invalidateQueries({ queryKey: reconnectQuery(accountId).queryKey });
      else setCardAlert(r.message ?? e.genericError);
    },
    onError: () => setCardAlert(e.genericError),
  });
  const pay = useMutation({
    mutationFn: () => {
      key.current ??= crypto.randomUUID();
      return submitReconnect(accountId, plan, key.current);
    },
    onSuccess: (r) => {
      key.current = undefined;
      if (r.outcome === 'reconnected') {
        setRefillRoom(refillPanel.current?.offsetHeight);
        setResult(r);
        // the thank-you stays in view with step 3 opened below it
        setExpanded(new Set<StepId>(['address', 'refill', 'activation']));
      } else navigate(`/${locale}/error`, { replace: true });
    },
    // a lost answer keeps the key: a retry is the same attempt
    onError: (err) => {
      // another payment of the account is in flight: nothing charged, the customer may try again
      const inProgress = catalogueMessage(err);
      if (inProgress) {
        key.current = undefined;
        setCardAlert(inProgress);
      } else if (!(err instanceof CallFailure && err.status === 403)) navigate(`/${locale}/error`, { replace: true });
    },
  });

  const chosen = check.plans.find((p) => p.code === plan);
  const planName = (code: string) => (code === 'HSD_007' ? c.plan7 : c.plan30);
  const flag = (name: string) => (search.get(name) === 'true' ? 'true' : 'false');
  const activationHref = result?.activationAccountId
    ? `/${locale}/activation?accountId=${encodeAccountId(result.activationAccountId)}&guid=&bhr=${flag('bhr')}&mobile=${flag('mobile')}`
    : undefined;
  const card = check.savedCard;
  return (
    <div data-stage={done ? 'reconnected' : 'steps'}>
      {check.serviceability === 'coldTap' && (
        <p className="alert" role="note" data-testid="cold-tap">
          {c.coldTapWarning}
        </p>
      )}
      <DisclosureGroup
        className="activation-steps"
        allowsMultipleExpanded
        expandedKeys={expanded}
        onExpandedChange={(keys) => setExpanded(new Set([...keys] as StepId[]))}
      >
        <Step id="address" title={c.addressTitle} done={turns >= 1} completeLabel={c.stepComplete}>
          <p>{c.addressConfirmed}</p>
        </Step>
        <Step id="refill" title={c.refillTitle} done={done} holdsRoom={opening.includes('refill')} completeLabel={c.stepComplete}>
          {done ? (
            <div className="reconnect-refill" data-testid="thank-you" style={refillRoom ? { minHeight: refillRoom } : undefined}>
              <h3>{c.thankYouTitle}</h3>
              <p>{c.thankYouBody}</p>
            </div>
          ) : (
            <div className="reconnect-refill" ref={refillPanel}>
              <RadioGroup className="refill-plans" value={plan} onChange={setPlan} isDisabled={pay.isPending}>
                <Label className="refill-legend">{c.planLegend}</Label>
                {check.plans.map((p) => (
                  <Radio key={p.code} value={p.code} className="radio refill-option">
                    <span className="radio__dot" aria-hidden="true" />
                    <span>
                      {planName(p.code)} <span className="refill-option__price">{fill(c.price, { price: money(p.price) })}</span>
                    </span>
                  </Radio>
                ))}
              </RadioGroup>
              {chosen && (
                <dl className="reconnect-total" data-testid="reconnect-total">
                  <dt>{c.taxes}</dt>
                  <dd>{chosen.taxAvailable ? fill(c.price, { price: money(chosen.taxes) }) : c.taxesUnavailable}</dd>
                  <dt>{c.total}</dt>
                  <dd>{fill(c.price, { price: money(chosen.total) })}</dd>
                </dl>
              )}
              <h3>{c.paymentTitle}</h3>
              {cardAlert && (
                <p className="alert" role="alert">
                  {cardAlert}
                </p>
              )}
              {card ? (
                <>
                  <SavedCardView card={card} content={texts.payments} />
                  <Button className="button button--primary" isDisabled={pay.isPending || !chosen} onPress={() => pay.mutate()}>
                    {pay.isPending ? c.paying : fill(c.pay, { total: money(chosen?.total ?? 0) })}
                  </Button>
                  {pay.isPending && <p role="status">{c.paying}</p>}
                </>
              ) : info.data ? (
                <CardEntry
                  iframeUrl={info.data.cardEntry.iframeUrl}
                  config={info.data.cardEntry.config}
                  title={e.cardEntryTitle}
                  saveLabel={c.saveCard}
                  disabled={save.isPending}
                  onToken={(t) => save.mutate(t)}
                />
              ) : (
                <CardEntryLoading label={c.loading} />
              )}
            </div>
          )}
        </Step>
        <Step
          id="activation"
          title={c.activationTitle}
          done={false}
          disabled={!done}
          holdsRoom={opening.includes('activation')}
          completeLabel={c.stepComplete}
        >
          <p>{c.activationBody}</p>
          {activationHref && (
            <Link className="button button--primary" to={activationHref} data-testid="continue-activation">
              {c.continueLabel}
            </Link>
          )}
        </Step>
      </DisclosureGroup>
    </div>
  );
}
