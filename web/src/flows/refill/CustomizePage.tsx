import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { preloadWhenIdle } from '../../lib/lazyPage';
import { refillOfferQuery, type PinRedemption } from './api';
import { CardRefill } from './CardRefill';
import { RefillTabs } from './RefillTabs';
import type { RefillTab } from './tabs';
import type { RefillPageProps } from './types';

// the PIN tab's form (react-hook-form and zod, 18 KB) loads when the tab opens, not with the
// page's first screen (ARCHITECTURE.md "First load")
const PinRefill = lazy(async () => ({ default: (await import('./PinRefill')).PinRefill }));

/**
 * `/{locale}/refill` (seed 002 §2.2, §2.3): "Customize refill" with a debit/credit card tab
 * (plans, TV, cart, Next) and a refill PIN tab (validate, details, redeem). The first screen
 * is the cart (or its failure): the tabs' code (`RefillTabs`) and the later pages' chunks
 * (`preloadNext`) are asked for once it is drawn. The selected tab's content is drawn here, in
 * a node the tab panel shows, so it stays mounted when the real tabs take the stand-in's place.
 */
export function CustomizePage({
  preloadNext,
  ...props
}: RefillPageProps & { onRedeemed: (r: PinRedemption) => void; preloadNext: () => Promise<unknown> }) {
  const c = props.texts.refill.customize;
  const [tab, setTab] = useState<RefillTab>('card');
  const [content] = useState(() => document.createElement('div'));
  // the card tab's offer (`CardRefill` asks for it; this only reads it)
  const offer = useQuery({ ...refillOfferQuery(props.accountId), enabled: false });
  const drawn = offer.data !== undefined || offer.isError;
  useEffect(() => {
    if (drawn) return preloadWhenIdle(preloadNext);
  }, [drawn, preloadNext]);
  return (
    <section className="payments refill-page" data-page="customize">
      <title>{c.title}</title>
      <h1>{c.title}</h1>
      <RefillTabs label={c.tabsLabel} titles={{ card: c.cardTab, pin: c.pinTab }} selected={tab} onSelect={setTab} content={content} ready={drawn} />
      {createPortal(
        tab === 'card' ? (
          <CardRefill key="card" {...props} />
        ) : (
          <Suspense key="pin" fallback={<p role="status">{props.texts.refill.loading}</p>}>
            <PinRefill {...props} />
          </Suspense>
        ),
        content,
      )}
    </section>
  );
}
