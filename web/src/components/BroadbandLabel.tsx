import type { Schemas } from '../api/client';
import { useBroadbandFacts, type BroadbandFactsLabel } from '../content/hooks';
import { useFirstPaintShown } from '../lib/progressive';

/** Inputs of the provider's plan-tier widget (seed 000 §1): HSD_030, PREPAID, INTERNET. */
export const BROADBAND_WIDGET = {
  tierIds: 'HSD_030',
  servicePlanType: 'PREPAID',
  lob: 'INTERNET',
  sourceIds: 'prepaid-portal',
} as const;

/** One broadband facts label as a table: the Spanish static label and the provider's alike. */
function FactsTable({ label }: { label: BroadbandFactsLabel }) {
  return (
    <>
      <h2>{label.title}</h2>
      <p>
        {label.provider} · {label.serviceName} · {label.speed}
      </p>
      <table>
        <tbody>
          {label.plans.map((plan) => (
            <tr key={plan.name}>
              <th scope="row">{plan.name}</th>
              <td>
                {plan.price} {plan.period}
              </td>
            </tr>
          ))}
          {label.rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{label.gatewayNote}</p>
      <p>{label.taxesNote}</p>
    </>
  );
}

/**
 * The broadband facts label for HSD_030. The Spanish content carries a static label; without
 * one (English) the provider's label is fetched with the plan-tier widget's inputs. While it
 * loads, and when it fails or has no label for the tier, the region shows a content notice:
 * the label is informative, so a failure never blocks the page. It is fetched once the first
 * screen is on screen (`useFirstPaintShown`): it sits below the first view.
 */
export function BroadbandLabel({ content }: { content: Schemas['BuyBroadbandLabel'] }) {
  const staticLabel = content.staticLabel ?? undefined;
  const shown = useFirstPaintShown();
  const facts = useBroadbandFacts(BROADBAND_WIDGET, !staticLabel && shown);
  const label = staticLabel ?? facts.data?.labels.find((l) => l.tierId === BROADBAND_WIDGET.tierIds)?.label;
  return (
    <section className="broadband-label" aria-label={content.regionLabel} data-testid="broadband-label">
      {label ? (
        <FactsTable label={label} />
      ) : (
        <>
          <h2>{content.heading}</h2>
          <p role="status">{facts.isPending ? content.loading : content.unavailable}</p>
        </>
      )}
    </section>
  );
}
