import { lazy, Suspense } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { PinRedemption } from './api';
import { CardRefill } from './CardRefill';
import type { RefillPageProps } from './types';

// the PIN tab's form (react-hook-form and zod, 18 KB) loads when the tab opens, not with the
// page's first screen (ARCHITECTURE.md "First load")
const PinRefill = lazy(async () => ({ default: (await import('./PinRefill')).PinRefill }));

/**
 * `/{locale}/refill` (seed 002 §2.2, §2.3): "Customize refill" with a debit/credit card tab
 * (plans, TV, cart, Next) and a refill PIN tab (validate, details, redeem).
 */
export function CustomizePage(props: RefillPageProps & { onRedeemed: (r: PinRedemption) => void }) {
  const c = props.texts.refill.customize;
  return (
    <section className="payments refill-page" data-page="customize">
      <title>{c.title}</title>
      <h1>{c.title}</h1>
      <Tabs className="refill-tabs" defaultSelectedKey="card">
        <TabList className="refill-tabs__list" aria-label={c.tabsLabel}>
          <Tab className="refill-tabs__tab" id="card">
            {c.cardTab}
          </Tab>
          <Tab className="refill-tabs__tab" id="pin">
            {c.pinTab}
          </Tab>
        </TabList>
        <TabPanel className="refill-tabs__panel" id="card">
          <CardRefill {...props} />
        </TabPanel>
        <TabPanel className="refill-tabs__panel" id="pin">
          <Suspense fallback={<p role="status">{props.texts.refill.loading}</p>}>
            <PinRefill {...props} />
          </Suspense>
        </TabPanel>
      </Tabs>
    </section>
  );
}
