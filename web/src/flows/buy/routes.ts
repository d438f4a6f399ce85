import { pageHref, pageOf, type FlowDef, type PageDef } from '../../lib/flows';
import type { Locale } from '../../lib/locale';
import type { BuyContent } from './content';

/** Content keys of the progress bar's titles (`buyflow.progress`). */
type ProgressTitle = Exclude<keyof BuyContent['progress'], 'ariaLabel'>;

/**
 * The buy flow's pages under `/{locale}/buy` (seed 000 §2): path, analytics step (seed 002
 * §2.1) and progress bar. The entry shows a loading screen, so it has no bar; the session
 * page shows 50 instead of 40 once back from the identity router.
 */
export const buyPages = [
  { id: 'entry', path: '' },
  { id: 'direct-promo', progress: { title: 'directPromo', percent: 20 } },
  { id: 'internet', progress: { title: 'internet', percent: 20 } },
  { id: 'session', progress: { title: 'session', percent: 40, returned: 50 } },
  { id: 'customer-info', progress: { title: 'customerInfo', percent: 60 } },
  { id: 'order-details', step: 'payment-shipping', progress: { title: 'orderDetails', percent: 80 } },
  { id: 'order-review', progress: { title: 'orderReview', percent: 80 } },
  { id: 'order-confirmation', progress: { title: 'confirmation', percent: 100 } },
  { id: 'error', progress: { title: 'error', percent: 100 } },
  { id: '404', progress: { title: 'error', percent: 100 } },
] as const satisfies readonly PageDef<string, ProgressTitle>[];

export type BuyPageId = (typeof buyPages)[number]['id'];
export type BuyPageDef = PageDef<BuyPageId, ProgressTitle>;

/** The new-customer buy flow: its own shell; any unknown path below it is its 404 page. */
export const buyFlow: FlowDef<BuyPageId, ProgressTitle> = {
  base: 'buy',
  firstContent: [
    { area: 'buyflow', lang: 'page' },
    { area: 'buyflow', lang: 'en' },
    { area: 'dictionary', lang: 'page' },
  ],
  flowType: 'buyflow|prepaid',
  shell: 'own',
  pages: buyPages,
  fallback: '404',
};

export const buyPage = (id: BuyPageId): BuyPageDef => pageOf(buyFlow, id);

/** `/{locale}/buy/...` of a page. */
export const buyHref = (locale: Locale, id: BuyPageId): string => pageHref(buyFlow, locale, id);

/** What each page's component gets: the content and its page of the table. */
export interface BuyPageProps {
  content: BuyContent;
  page: BuyPageDef;
}
