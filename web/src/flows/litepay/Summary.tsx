import { fill } from '../../lib/format';
import type { LitepayRefill } from './api';
import type { LitepayTexts } from './content';

/** An amount the BFF priced, as the texts' `{price}` takes it. */
export const money = (n: number) => n.toFixed(2);

/** The order summary of step 3 and the confirmation (the amounts the BFF priced: no price is computed here). */
export function Summary({ amounts, c }: { amounts: Pick<LitepayRefill, 'planPrice' | 'acpCredit' | 'taxes' | 'total'> & { taxAvailable?: boolean }; c: LitepayTexts['litepay'] }) {
  const price = (n: number) => fill(c.price, { price: money(n) });
  return (
    <dl className="reconnect-total litepay-summary" data-testid="litepay-summary">
      <dt>{c.plan30}</dt>
      <dd>{price(amounts.planPrice)}</dd>
      {amounts.acpCredit !== undefined && amounts.acpCredit !== null && (
        <>
          <dt>{c.acpCredit}</dt>
          <dd>-{price(amounts.acpCredit)}</dd>
        </>
      )}
      <dt>{c.taxes}</dt>
      <dd>{amounts.taxAvailable === false ? c.taxesUnavailable : price(amounts.taxes)}</dd>
      <dt>{c.total}</dt>
      <dd>{price(amounts.total)}</dd>
    </dl>
  );
}
