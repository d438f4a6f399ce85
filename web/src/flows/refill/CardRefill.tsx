import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox as AriaCheckbox,
  CheckboxGroup,
  Heading,
  Label,
  Radio,
  RadioGroup,
} from 'react-aria-components';
import { useSearchParams } from '../../app/router';
import { Checkbox } from '../../components/Checkbox';
import { LazyModal } from '../../components/LazyModal';
import { fill, formatPrice } from '../../lib/format';
import { choicesOf, refillOfferQuery, updateRefillCart, type CartChoices, type RefillCart, type RefillOffer } from './api';
import { CartSummary } from './CartSummary';
import { productName } from './content';
import type { RefillPageProps } from './types';

/**
 * The card tab (seed 002 §2.2, §4.1, §4.8): every choice is PUT to the BFF, which applies the
 * cart rules and prices the cart; the page shows its answer. Updates go one after another (the
 * BFF replays what changed against the cart it holds, so their order matters), and the
 * controls show the latest choice while its answer is on the way.
 */
export function CardRefill({ accountId, texts, locale, go }: RefillPageProps) {
  const c = texts.refill;
  const t = c.customize;
  const client = useQueryClient();
  const offerQuery = refillOfferQuery(accountId);
  const offer = useQuery(offerQuery);
  const [pending, setPending] = useState<CartChoices>();
  const [failed, setFailed] = useState(false);
  const [winbackOpen, setWinbackOpen] = useState(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef<CartChoices>(undefined);
  const update = useMutation({
    mutationFn: (next: CartChoices) => {
      const run = queue.current.catch(() => undefined).then(() => updateRefillCart(accountId, next));
      queue.current = run;
      return run;
    },
    onSuccess: (cart: RefillCart, next) => {
      if (latest.current !== next) return;
      client.setQueryData<RefillOffer>(offerQuery.queryKey, (o) => (o ? { ...o, cart } : o));
      setPending(undefined);
    },
    onError: (_e, next) => {
      if (latest.current !== next) return;
      setPending(undefined);
      setFailed(true);
      // the BFF's cart is the truth: show it again
      void offer.refetch();
    },
  });

  // the dashboard's winback banner (`?offer=winback`, seed 002 §4.8): the 30-day plan with the
  // winback's discount, then review with a saved card, else payment; once per visit
  const search = useSearchParams();
  const fromBanner = search.get('offer') === 'winback';
  const bannerDone = useRef(false);
  const o0 = offer.data;
  useEffect(() => {
    if (!fromBanner || !o0 || bannerDone.current) return;
    bannerDone.current = true;
    if (!o0.winback) return;
    latest.current = { plan: 'HSD_030', packages: [], addOns: [], promo: true };
    setPending(latest.current);
    update.mutateAsync(latest.current).then(
      () => go(o0.savedCard ? 'review' : 'payment'),
      () => undefined,
    );
  }, [fromBanner, o0, update, go]);

  if (!offer.data)
    return offer.isError ? (
      <p className="alert" role="alert">
        {c.genericError}
      </p>
    ) : (
      <p role="status" data-stage="loading">
        {c.loading}
      </p>
    );
  const o = offer.data;
  const cart = o.cart;
  const choices = pending ?? choicesOf(cart);
  const busy = pending !== undefined;
  const choose = (next: CartChoices) => {
    latest.current = next;
    setPending(next);
    setFailed(false);
    return update.mutateAsync(next);
  };
  const proceed = () => go(o.savedCard ? 'review' : 'payment');
  // Next sends the choices shown: the BFF holds no cart before a choice, and submits only
  // the one it holds (409 `REFILL_NOT_READY`)
  const onNext = async () => {
    let held: RefillCart;
    try {
      held = await choose(choices);
    } catch {
      return;
    }
    if (held.winbackModal) setWinbackOpen(true);
    else if (held.nextEnabled) proceed();
  };
  const acceptWinback = async () => {
    setWinbackOpen(false);
    try {
      await choose({ ...choices, promo: true });
    } catch {
      return;
    }
    proceed();
  };
  const money = (n: number) => formatPrice(n, locale);

  return (
    <div className="refill-card" data-stage={o.winback ? 'winback' : 'card'}>
      {o.promo?.banner60Days && (
        <p className="refill-banner" data-testid="banner-60-days">
          {t.banner60Days}
        </p>
      )}
      <div className="refill-layout">
        <div className="refill-choices">
          <RadioGroup
            className="refill-plans"
            value={choices.plan ?? null}
            onChange={(plan) => void choose({ ...choices, plan }).catch(() => undefined)}
          >
            <Label className="refill-legend">{t.planLegend}</Label>
            {o.plans.map((p) => (
              <Radio key={p.code} value={p.code} className="radio refill-option">
                <span className="radio__dot" aria-hidden="true" />
                <span>
                  {productName(c, p.code)} <span className="refill-option__meta">{fill(t.planDays, { n: p.days })}</span>{' '}
                  <span className="refill-option__price">{money(p.price)}</span>
                </span>
              </Radio>
            ))}
          </RadioGroup>
          <Checkbox
            isSelected={choices.plan !== undefined}
            isDisabled={!o.internetEnabled}
            testId="internet"
            onChange={(on) => void choose({ ...choices, plan: on ? (o.plans[0]?.code ?? 'HSD_030') : undefined }).catch(() => undefined)}
          >
            {t.internet}
          </Checkbox>
          {!o.internetEnabled && <p className="refill-hint">{t.internetRequired}</p>}
          {o.packages.length > 0 && (
            <>
              <h2>{t.tvHeading}</h2>
              <TvGroup label={t.packagesLegend} items={o.packages} value={choices.packages} c={c} money={money}
                onChange={(packages) => void choose({ ...choices, packages }).catch(() => undefined)} />
              {o.addOns.length > 0 && (
                <TvGroup label={t.addOnsLegend} items={o.addOns} value={choices.addOns} c={c} money={money}
                  onChange={(addOns) => void choose({ ...choices, addOns }).catch(() => undefined)} />
              )}
            </>
          )}
        </div>
        <CartSummary cart={cart} c={c} locale={locale} busy={busy} />
      </div>
      <p role="status" className="refill-status">
        {busy ? t.updating : ''}
      </p>
      {failed && (
        <p className="alert" role="alert">
          {c.genericError}
        </p>
      )}
      <Button className="button button--primary" isDisabled={busy || !cart.nextEnabled} onPress={() => void onNext()}>
        {t.next}
      </Button>
      <LazyModal isOpen={winbackOpen} onOpenChange={setWinbackOpen} dialog={{ 'data-testid': 'winback-modal' }}>
        <div className="dialog__header">
          <Heading slot="title" level={2}>
            {t.winback.title}
          </Heading>
        </div>
        <p>{t.winback.body}</p>
        <div className="dialog__actions">
          <Button className="button button--primary" onPress={() => void acceptWinback()}>
            {t.winback.accept}
          </Button>
          <Button className="button button--secondary" onPress={() => (setWinbackOpen(false), proceed())}>
            {t.winback.decline}
          </Button>
        </div>
      </LazyModal>
    </div>
  );
}

/** TV packages or add-ons: a checkbox per offered code, named and priced by the BFF's offer. */
function TvGroup({
  label,
  items,
  value,
  onChange,
  c,
  money,
}: {
  label: string;
  items: RefillOffer['packages'];
  value: string[];
  onChange: (v: string[]) => void;
  c: RefillPageProps['texts']['refill'];
  money: (n: number) => string;
}) {
  return (
    <CheckboxGroup className="refill-tv" value={value} onChange={onChange}>
      <Label className="refill-legend">{label}</Label>
      {items.map((i) => (
        <AriaCheckbox key={i.code} value={i.code} className="checkbox refill-option">
          <span className="checkbox__box" aria-hidden="true" />
          <span>
            {productName(c, i.code)} <span className="refill-option__price">{money(i.price)}</span>
          </span>
        </AriaCheckbox>
      ))}
    </CheckboxGroup>
  );
}
