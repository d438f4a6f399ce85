/** The buy flow's pages (`data-page` ids) and their progress-bar values (seed 000 §2). */
export const BUY_PAGES = [
  'entry',
  'direct-promo',
  'internet',
  'session',
  'customer-info',
  'order-details',
  'order-review',
  'order-confirmation',
  'error',
  '404',
] as const;

export type BuyPage = (typeof BUY_PAGES)[number];

/**
 * "Progress bar values": internet 20; promo 20; session 40 (50 after the return from the
 * identity router); customer info 60; payment and delivery 80; order review 80; confirmation
 * 100; error pages 100. The entry shows a loading screen, so it has no bar (`undefined`).
 */
export function progressPercent(page: BuyPage, returnedFromRouter = false): number | undefined {
  switch (page) {
    case 'entry':
      return undefined;
    case 'direct-promo':
    case 'internet':
      return 20;
    case 'session':
      return returnedFromRouter ? 50 : 40;
    case 'customer-info':
      return 60;
    case 'order-details':
    case 'order-review':
      return 80;
    case 'order-confirmation':
    case 'error':
    case '404':
      return 100;
  }
}

/** The seed's mask width: 100% minus the percent (the bar's filled part is the percent). */
export function maskWidth(percent: number): number {
  return 100 - Math.min(100, Math.max(0, percent));
}

/** Page-tracking step of each page (seed 002 §2.1: flow type `buyflow|prepaid`). */
export const TRACKING_STEP: Record<BuyPage, string> = {
  entry: 'entry',
  'direct-promo': 'direct-promo',
  internet: 'internet',
  session: 'session',
  'customer-info': 'customer-info',
  'order-details': 'payment-shipping',
  'order-review': 'order-review',
  'order-confirmation': 'order-confirmation',
  error: 'error',
  '404': '404',
};
