import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { Link, useNavigate } from '../../app/router';
import { CallFailure } from '../../api/client';
import { Faq } from '../../components/Faq';
import { track } from '../../lib/analytics';
import type { Locale } from '../../lib/locale';
import { litepayConfirmationQuery, type LitepayConfirmation } from './api';
import type { LitepayTexts } from './content';
import { Summary } from './Summary';
import { litepayFlow } from './routes';

/**
 * The purchase analytics of a completed quick refill, once per refill (seed 002 §2.11): the
 * plan and its price as revenue, and the "acp learn tile" impression when the BFF says so.
 */
export function trackPurchase(r: LitepayConfirmation): void {
  track({ event: 'purchase', flowType: litepayFlow.flowType, product: r.plan, revenue: r.planPrice });
  if (r.acpLearnTile) track({ event: 'impression', name: 'acp learn tile' });
}

/**
 * `/{locale}/litepay/order-confirmation` (seed 002 §2.11): title, body, the collapsible order
 * total (view/close details), print or save, the order summary, order number, the masked phone
 * and the zip, the FAQ. Without a refill in this session (404 `NO_REFILL`): `/{locale}/litepay`.
 */
export function ConfirmationPage({ texts, locale }: { texts: LitepayTexts; locale: Locale }) {
  const c = texts.litepay;
  const f = c.confirmation;
  const navigate = useNavigate();
  const confirmation = useQuery(litepayConfirmationQuery);
  const [details, setDetails] = useState(false);
  const none = confirmation.isError && confirmation.error instanceof CallFailure && confirmation.error.status !== 0;
  useEffect(() => {
    if (none) navigate(`/${locale}/litepay`, { replace: true });
  }, [none, navigate, locale]);
  const tracked = useRef<string>(undefined);
  const r = confirmation.data;
  useEffect(() => {
    if (!r || tracked.current === r.refilledAt) return;
    tracked.current = r.refilledAt;
    document.getElementById('main')?.scrollIntoView?.({ block: 'start' });
    trackPurchase(r);
  }, [r]);

  if (!r)
    return (
      <section className="litepay" data-page="order-confirmation" data-stage={confirmation.isError ? 'error' : 'loading'}>
        <p className={confirmation.isError ? 'alert' : undefined} role={confirmation.isError ? 'alert' : 'status'}>
          {confirmation.isError ? c.genericError : c.loading}
        </p>
      </section>
    );
  return (
    <section className="litepay litepay-confirmation" data-page="order-confirmation" data-stage={r.warning ? 'warning' : 'refilled'}>
      <title>{f.title}</title>
      <h1>{f.title}</h1>
      <p>{f.body}</p>
      {r.warning && (
        <p className="alert" role="note" data-testid="refill-warning">
          {f.warning}
        </p>
      )}
      <dl className="refill-details" data-testid="order-details">
        {r.orderNumber && (
          <div>
            <dt>{f.orderNumber}</dt>
            <dd translate="no" data-testid="order-number">
              {r.orderNumber}
            </dd>
          </div>
        )}
        <div>
          <dt>{f.phone}</dt>
          <dd translate="no">{r.phone}</dd>
        </div>
        <div>
          <dt>{f.zip}</dt>
          <dd translate="no">{r.zip}</dd>
        </div>
      </dl>
      <Disclosure className="faq__item" isExpanded={details} onExpandedChange={setDetails} data-testid="order-total">
        <Heading level={2} className="faq__question">
          <Button slot="trigger" className="faq__trigger">
            <span className="faq__chevron" aria-hidden="true" />
            {f.orderTotal} · {details ? f.closeDetails : f.viewDetails}
          </Button>
        </Heading>
        <DisclosurePanel className="faq__answer">
          <h3>{c.summaryTitle}</h3>
          <Summary amounts={r} c={c} />
        </DisclosurePanel>
      </Disclosure>
      <div className="actions">
        <Button className="button button--secondary" onPress={() => window.print()}>
          {f.print}
        </Button>
        <Link to={`/${locale}/litepay`}>{f.again}</Link>
      </div>
      <h2>{f.faq.heading}</h2>
      <Faq items={f.faq.items} idPrefix="litepay-faq" />
    </section>
  );
}
