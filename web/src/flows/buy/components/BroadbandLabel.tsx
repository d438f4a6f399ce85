import type { BuyContent } from '../content';

/** Inputs of the provider's plan-tier widget (seed 000 §1): HSD_030, PREPAID, INTERNET. */
export const BROADBAND_WIDGET = {
  tierIds: 'HSD_030',
  servicePlanType: 'PREPAID',
  lob: 'INTERNET',
  sourceIds: 'prepaid-portal',
} as const;

/**
 * The broadband facts label for HSD_030. With a static label in content (the Spanish bundle)
 * it is rendered as a table; otherwise the region hosts the plan-tier widget, fed by the tier
 * ids, service plan type, line of business and source ids as data attributes.
 */
export function BroadbandLabel({ content }: { content: BuyContent['broadbandLabel'] }) {
  const label = content.staticLabel;
  if (!label) {
    return (
      <section className="broadband-label" aria-label={content.regionLabel} data-testid="broadband-label">
        <h2>{content.heading}</h2>
        <div
          className="broadband-widget"
          data-widget="plan-tier"
          data-tier-ids={BROADBAND_WIDGET.tierIds}
          data-service-plan-type={BROADBAND_WIDGET.servicePlanType}
          data-lob={BROADBAND_WIDGET.lob}
          data-source-ids={BROADBAND_WIDGET.sourceIds}
        >
          <p>{content.loading}</p>
        </div>
      </section>
    );
  }
  return (
    <section className="broadband-label" aria-label={content.regionLabel} data-testid="broadband-label">
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
    </section>
  );
}
