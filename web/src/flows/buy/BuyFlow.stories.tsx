import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { resetXsrfToken } from '../../api/client';
import contentJson from '../../content/recordings/content.json';
import { recordingHandlers, type ContentRecording, type Recording } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import { seedBuySession, type BuySeed } from '../../testing/buySession';
import type { BuyPageId as BuyPage } from './routes';

const content = contentJson as unknown as ContentRecording;
const recordings = import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' });
const recording = (name: string): Recording => {
  const r = recordings[`./recordings/${name}.json`];
  if (!r) throw new Error(`no recording ${name}`);
  return r;
};

type Locale = 'en' | 'es';

const meta = {
  title: 'Buy/New-customer flow',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const never = (method: 'get' | 'post', path: string): HttpHandler =>
  http[method](`*${path}`, async () => {
    await delay('infinite');
  });

interface PageStory {
  page: BuyPage;
  path: string;
  seed?: BuySeed;
  recording?: string;
  /** Handlers put before the recording's (e.g. an answer that never comes). */
  before?: HttpHandler[];
  /** What marks the page drawn, when its `data-page` shows before it is (default `[data-page="<page>"]`). */
  ready?: string;
}

/** One buy page at `path` with the recording's BFF answers and the browser storage of `seed`. */
function pageStory({ page, path, seed = 'context', recording: name = 'happy-promo-accepted', before = [], ready }: PageStory, locale: Locale): Story {
  return {
    name: `${page} (${locale})`,
    args: { path: `/${locale}/buy${path}` },
    parameters: {
      msw: { handlers: [...before, ...recordingHandlers(recording(name), content)] },
      scenario: recording(name).scenario.id,
    },
    beforeEach: () => {
      seedBuySession(seed, recording(name));
      // a page opened afresh: its token is asked for again (an earlier story's would let the
      // entry draw its next page at once, `earlyEntryTarget`; the entry story's never answers)
      resetXsrfToken();
    },
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.querySelector(ready ?? `[data-page="${page}"]`)).toBeVisible(), { timeout: 10_000 });
    },
  };
}

const entry: PageStory = { page: 'entry', path: '?lm=TE9DLTMwMzA5LTAwMDE6QVRM', seed: 'none', before: [never('get', '/token')] };
export const EntryEn: Story = pageStory(entry, 'en');
export const EntryEs: Story = pageStory(entry, 'es');
/** `/buy` without `lm` and no location kept: the address check first. */
const addressStart: PageStory = { page: 'entry', path: '', seed: 'none', ready: '[data-stage="address-start"] [data-stage="addressCheck"] h1' };
export const AddressStartEn: Story = pageStory(addressStart, 'en');
export const AddressStartEs: Story = pageStory(addressStart, 'es');
const directPromoPage: PageStory = { page: 'direct-promo', path: '/direct-promo' };
export const DirectPromoEn: Story = pageStory(directPromoPage, 'en');
export const DirectPromoEs: Story = pageStory(directPromoPage, 'es');
const internetPage: PageStory = { page: 'internet', path: '/internet' };
/** The internet page with its broadband facts table: the provider's (recorded) in English, content's in Spanish. */
function internetStory(locale: Locale): Story {
  const base = pageStory(internetPage, locale);
  return {
    ...base,
    play: async (context) => {
      await base.play?.(context);
      const label = within(context.canvasElement).getByTestId('broadband-label');
      await waitFor(() => expect(within(label).getByRole('table')).toBeVisible(), { timeout: 10_000 });
    },
  };
}
export const InternetEn: Story = internetStory('en');
export const InternetEs: Story = internetStory('es');
const sessionBeforeRedirectPage: PageStory = {
  page: 'session',
  path: '/session',
  before: [never('post', '/secure/session')],
};
export const SessionBeforeRedirectEn: Story = pageStory(sessionBeforeRedirectPage, 'en');
export const SessionBeforeRedirectEs: Story = pageStory(sessionBeforeRedirectPage, 'es');
const sessionAfterRedirectPage: PageStory = {
  page: 'session',
  path: '/session?digitalSessionId=DS-STORY',
  before: [never('get', '/secure/session')],
};
export const SessionAfterRedirectEn: Story = pageStory(sessionAfterRedirectPage, 'en');
export const SessionAfterRedirectEs: Story = pageStory(sessionAfterRedirectPage, 'es');
const customerInfoPage: PageStory = { page: 'customer-info', path: '/customer-info' };
export const CustomerInfoEn: Story = pageStory(customerInfoPage, 'en');
export const CustomerInfoEs: Story = pageStory(customerInfoPage, 'es');
const customerInfoRestoredPage: PageStory = { page: 'customer-info', path: '/customer-info', seed: 'restored', recording: 'session-existing-complete' };
export const CustomerInfoRestoredEn: Story = pageStory(customerInfoRestoredPage, 'en');
export const CustomerInfoRestoredEs: Story = pageStory(customerInfoRestoredPage, 'es');
/**
 * Back from the identity router with a strip flag set (seed 000 §4): the restored phone or
 * e-mail is blanked, so customer info asks for it (editable, empty).
 */
function stripStory(flag: 'stripPhoneNumber' | 'stripEmail', locale: Locale): Story {
  const name = flag === 'stripPhoneNumber' ? 'session-strip-phone' : 'session-strip-email';
  const base = pageStory({ page: 'customer-info', path: '/session?digitalSessionId=DS-0000000000000000', recording: name }, locale);
  const labels = (content[locale].buyflow as { customerInfo: { phoneLabel: string; emailLabel: string } }).customerInfo;
  return {
    ...base,
    name: `customer-info after ${flag} (${locale})`,
    beforeEach: () => {
      seedBuySession('context', recording(name));
      sessionStorage.setItem(flag, 'true');
    },
    play: async ({ canvasElement }) => {
      const label = flag === 'stripPhoneNumber' ? labels.phoneLabel : labels.emailLabel;
      const field = await within(canvasElement).findByRole('textbox', { name: label }, { timeout: 10_000 });
      await expect(field).toHaveValue('');
      await expect(field).not.toHaveAttribute('readonly');
    },
  };
}
export const StripPhoneEn: Story = stripStory('stripPhoneNumber', 'en');
export const StripEmailEs: Story = stripStory('stripEmail', 'es');
/** Storybook does not serve the card-entry stand-in: the frame shows a placeholder page. */
const PLACEHOLDER_FRAME =
  'data:text/html,' +
  encodeURIComponent('<!doctype html><html lang="en"><title>Card entry</title><main><h1>Card entry (served by the simulators)</h1></main></html>');
const blankCardFrame: HttpHandler = http.get('*/secure/api/v1/payments/card-entry-config', () => {
  const recorded = recording('happy-promo-accepted').exchanges.find((e) => e.path === '/secure/api/v1/payments/card-entry-config');
  return HttpResponse.json({ ...(recorded?.body as Record<string, unknown>), iframeUrl: PLACEHOLDER_FRAME });
});
const orderDetailsPage: PageStory = { page: 'order-details', path: '/order-details', seed: 'customer', before: [blankCardFrame] };
export const OrderDetailsEn: Story = pageStory(orderDetailsPage, 'en');
export const OrderDetailsEs: Story = pageStory(orderDetailsPage, 'es');
/** The payment id call fails (recorded 502): the payment alert with the generic message. */
function paymentAlertStory(locale: Locale): Story {
  const base = pageStory({ page: 'order-details', path: '/order-details', seed: 'customer', recording: 'payment-id-network-failure' }, locale);
  return {
    ...base,
    name: `order-details, payment alert (${locale})`,
    play: async ({ canvasElement }) => {
      await expect(await within(canvasElement).findByTestId('payment-alert', {}, { timeout: 10_000 })).toBeVisible();
    },
  };
}
export const PaymentAlertEn: Story = paymentAlertStory('en');
export const PaymentAlertEs: Story = paymentAlertStory('es');
const orderReviewPage: PageStory = { page: 'order-review', path: '/order-review', seed: 'card' };
export const OrderReviewEn: Story = pageStory(orderReviewPage, 'en');
export const OrderReviewEs: Story = pageStory(orderReviewPage, 'es');
const orderConfirmationPage: PageStory = { page: 'order-confirmation', path: '/order-confirmation', seed: 'order' };
export const OrderConfirmationEn: Story = pageStory(orderConfirmationPage, 'en');
export const OrderConfirmationEs: Story = pageStory(orderConfirmationPage, 'es');
const errorPage: PageStory = { page: 'error', path: '/error' };
export const ErrorEn: Story = pageStory(errorPage, 'en');
export const ErrorEs: Story = pageStory(errorPage, 'es');
const notFoundPage: PageStory = { page: '404', path: '/404' };
export const NotFoundEn: Story = pageStory(notFoundPage, 'en');
export const NotFoundEs: Story = pageStory(notFoundPage, 'es');
const catchAllPage: PageStory = { page: '404', path: '/no-such-step' };
export const CatchAllEn: Story = pageStory(catchAllPage, 'en');
export const CatchAllEs: Story = pageStory(catchAllPage, 'es');

/** Order review after Complete purchase answered a business code: the banner shows its message. */
function reviewOutcome(name: string, locale: Locale, expectPage: BuyPage, banner: boolean): Story {
  const base = pageStory({ page: 'order-review', path: '/order-review', seed: 'card', recording: name }, locale);
  const review = (content[locale].buyflow as { review: { consent: string; completePurchase: string } }).review;
  return {
    ...base,
    name: `order-review, ${name} (${locale})`,
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await userEvent.click(await canvas.findByRole('checkbox', { name: review.consent }, { timeout: 10_000 }));
      await userEvent.click(canvas.getByRole('button', { name: review.completePurchase }));
      await waitFor(() => expect(canvasElement.querySelector(`[data-page="${expectPage}"]`)).toBeVisible(), { timeout: 10_000 });
      if (banner) await waitFor(() => expect(canvas.getByTestId('warning-banner')).toBeVisible());
    },
  };
}

export const OrderFailedBannerEn: Story = reviewOutcome('order-bus-pinless-act-phone', 'en', 'order-review', true);
export const OrderFailedBannerEs: Story = reviewOutcome('order-bus-pinless-act-phone', 'es', 'order-review', true);
export const OrderUnrecoverableEn: Story = reviewOutcome('order-payment-0001', 'en', 'error', false);
export const OrderUnrecoverableEs: Story = reviewOutcome('order-payment-0001', 'es', 'error', false);
export const OrderServerErrorEn: Story = reviewOutcome('submit-order-server-error', 'en', 'error', false);
export const OrderServerErrorEs: Story = reviewOutcome('submit-order-server-error', 'es', 'error', false);
