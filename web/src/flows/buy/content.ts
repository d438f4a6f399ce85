import type { Buyflow } from '../../content/hooks';

/** The buy-flow content (`GET /-/api/{site}/buyflow`, en/es). */
export type BuyContent = Buyflow;

/**
 * The catalogue's generic message with the customer-care number: what the page shows when a
 * call fails without a business answer (network, 5xx, 4xx). Business outcomes carry the
 * BFF's resolved `message` instead.
 */
export function genericMessage(content: BuyContent): string {
  const c = content.errorCatalogue;
  return c.generic.replace('{phone}', c.customerCarePhone);
}
