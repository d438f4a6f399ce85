import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '../../app/router';
import { CallFailure } from '../../api/client';
import { Collapsible } from '../../components/Collapsible';
import { fill, formatUtcDate } from '../../lib/format';
import { refillConfirmationQuery, type PinRedemption } from './api';
import { CartSummary } from './CartSummary';
import type { RefillPageProps } from './types';

/** Seed 002 §2.6, §9: the dashboard data is fetched again 500 ms after the confirmation shows. */
export const DASHBOARD_REFRESH_MS = 500;

/**
 * `/{locale}/refill/confirmation` (seed 002 §2.6): "Refill successful", thanks, the
 * verification note, collapsible order details, continue to my account, and the auto-refill
 * card unless the BFF says not (`HSD_007`). A PIN refill shows its redemption (held by the
 * screen); a card refill the BFF's last refill, "Finalizing refill ..." while it loads; none
 * (404 `NO_REFILL`): the dashboard.
 */
export function ConfirmationPage({ accountId, texts, locale, dashboardHref, autoRefillHref, redemption }: RefillPageProps & { redemption?: PinRedemption }) {
  const c = texts.refill;
  const t = c.confirmation;
  const navigate = useNavigate();
  const client = useQueryClient();
  const conf = useQuery({ ...refillConfirmationQuery(accountId), enabled: !redemption });
  const noRefill = conf.error instanceof CallFailure && conf.error.status === 404;
  useEffect(() => {
    if (noRefill) navigate(dashboardHref, { replace: true });
  }, [noRefill, navigate, dashboardHref]);
  const done = Boolean(redemption ?? conf.data);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: ['dashboard', accountId] }), DASHBOARD_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [done, client, accountId]);

  if (!redemption && !conf.data)
    return (
      <section className="payments refill-page" data-page="confirmation" data-stage={conf.isError && !noRefill ? 'error' : 'loading'}>
        <title>{t.title}</title>
        <p className={conf.isError && !noRefill ? 'alert' : undefined} role={conf.isError && !noRefill ? 'alert' : 'status'}>
          {conf.isError && !noRefill ? c.genericError : t.finalizing}
        </p>
      </section>
    );
  const d = conf.data;
  return (
    <section className="payments refill-page" data-page="confirmation" data-stage={redemption ? 'pin' : d?.warning ? 'warning' : 'refilled'}>
      <title>{t.title}</title>
      <h1>{t.title}</h1>
      <p>{t.thanks}</p>
      {d?.warning && (
        <p className="alert" role="status" data-testid="refill-warning">
          {c.review.warning}
        </p>
      )}
      <p>{t.verification}</p>
      {redemption ? (
        <dl className="refill-details" data-testid="pin-confirmation">
          <div>
            <dt>{c.pin.pin}</dt>
            <dd translate="no">{redemption.pin}</dd>
          </div>
          <div>
            <dt>{c.pin.plans}</dt>
            <dd>{fill(c.pin.plansValue, { n: redemption.planQty })}</dd>
          </div>
        </dl>
      ) : null}
      {redemption ? (
        <p data-testid="new-expiry">{fill(t.newExpiry, { date: formatUtcDate(redemption.newExpirationDate) })}</p>
      ) : (
        d && (
          <>
            {d.orderNumber && <p data-testid="order-number">{fill(t.orderNumber, { number: d.orderNumber })}</p>}
            <p>{fill(t.refilledOn, { date: formatUtcDate(d.refilledAt) })}</p>
            <Collapsible title={t.details} level={2} testId="order-details">
              <CartSummary cart={d.cart} c={c} locale={locale} />
            </Collapsible>
          </>
        )
      )}
      {(redemption || d?.autoRefillOffer) && (
        <div className="card refill-auto" data-testid="auto-refill-card">
          <h2>{t.autoRefillTitle}</h2>
          <p>{t.autoRefillBody}</p>
          <Link className="button button--secondary" to={autoRefillHref}>
            {t.autoRefillAction}
          </Link>
        </div>
      )}
      <Link className="button button--primary" to={dashboardHref}>
        {t.continueLabel}
      </Link>
    </section>
  );
}
