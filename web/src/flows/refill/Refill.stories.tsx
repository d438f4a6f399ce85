import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { confirmation, offers, paymentInfos, pinDetails, pinErrors, pinRedemption, pricingOf, refillTexts, results, type OfferState } from './fixtures';
import { refillHandlers } from './handlers';
import { loadRefillTabs } from './RefillTabs';

/**
 * The refill pages in each state (seed 002 §2.2 to §2.6, §4.1, §4.3b, §4.8), each once in
 * English and a handful in Spanish, on MSW answers shaped as the contract.
 */
const meta = {
  title: 'Refill',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
  // React Aria's tabs loaded before the story renders, so it draws them from the start, not the
  // stand-in they replace (`RefillTabs`)
  loaders: [async () => void (await loadRefillTabs())],
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;
type Handlers = Parameters<typeof refillHandlers>[0];

/** A story at `/{locale}/refill/{path}` once `ready` (a test id or a selector) shows, after `act`. */
function story(locale: Locale, path: string, answers: Partial<Handlers> & { state?: OfferState }, ready: string, act?: (canvas: Canvas) => Promise<void>): Story {
  const state = answers.state ?? 'plain';
  return {
    args: { path: `/${locale}/refill${path}` },
    parameters: {
      msw: { handlers: [...contentHandlers(content), ...refillHandlers({ offer: offers[state], pricing: pricingOf[state], ...answers })] },
    },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await act?.(canvas);
      const selector = ready.startsWith('[') ? ready : `[data-testid="${ready}"]`;
      // modals render outside the canvas, in a portal
      await waitFor(() => expect(canvasElement.ownerDocument.querySelector(selector)).toBeVisible(), { timeout: 10_000 });
    },
  };
}

const t = refillTexts;
const pinTab = (locale: Locale, pin = '200000000002') => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('tab', { name: t[locale].refill.customize.pinTab }, { timeout: 10_000 }));
  await userEvent.type(await canvas.findByRole('textbox', { name: t[locale].refill.pin.label }, { timeout: 10_000 }), pin);
  await userEvent.click(canvas.getByRole('button', { name: t[locale].refill.pin.verify }));
};
const redeemPin = (locale: Locale) => async (canvas: Canvas) => {
  await pinTab(locale)(canvas);
  await userEvent.click(await canvas.findByRole('button', { name: t[locale].refill.pin.redeem }));
};
const next = (locale: Locale) => async (canvas: Canvas) => {
  await waitFor(() => expect(canvas.getByTestId('refill-cart')).toBeVisible(), { timeout: 10_000 });
  await userEvent.click(canvas.getByRole('button', { name: t[locale].refill.customize.next }));
};
const submit = (locale: Locale) => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('checkbox', { name: t[locale].refill.review.agreement }, { timeout: 10_000 }));
  await userEvent.click(canvas.getByRole('button', { name: t[locale].refill.review.submit }));
};

export const CustomizeEn = story('en', '', {}, 'refill-cart');
export const CustomizeSalePromoEs = story('es', '', { state: 'sale' }, 'cart-promo');
export const SalePromoEn = story('en', '', { state: 'sale' }, 'cart-promo');
export const Banner60DaysEn = story('en', '', { state: 'banner' }, 'banner-60-days');
export const WinbackModalEn = story('en', '', { state: 'winback' }, 'winback-modal', next('en'));
export const WinbackModalEs = story('es', '', { state: 'winback' }, 'winback-modal', next('es'));
export const AcpCreditEn = story('en', '', { state: 'acp' }, 'cart-acp');
export const AcpZeroTotalEn = story('en', '', { state: 'acpZero' }, 'cart-acp');
export const TaxUnavailableEn = story('en', '', { state: 'taxUnavailable' }, 'tax-unavailable');
export const TvPackagesEn = story('en', '', { state: 'tv' }, 'cart-line-HBO');
export const PinDetailsEn = story('en', '', { validate: pinDetails }, 'pin-details', pinTab('en'));
export const PinDetailsEs = story('es', '', { validate: pinDetails }, 'pin-details', pinTab('es'));
export const PinRejectedEn = story('en', '', { validate: pinErrors.rejected('en') }, 'pin-alert', pinTab('en', '920000000001'));
export const PinAlreadyRedeemedEn = story('en', '', { validate: pinErrors.alreadyRedeemed('en') }, 'pin-alert', pinTab('en', '910000000001'));
export const PinNotRecognisedEn = story('en', '', { validate: pinErrors.notRecognised('en') }, 'pin-modal', pinTab('en', '930000000001'));
export const PinNotRecognisedEs = story('es', '', { validate: pinErrors.notRecognised('es') }, 'pin-modal', pinTab('es', '930000000001'));
export const PaymentNewCardEn = story('en', '/payment', { state: 'noCard', info: paymentInfos.noCard }, '[data-page="payment"][data-stage="new"] iframe');
export const PaymentSavedCardEn = story('en', '/payment', { info: paymentInfos.saved }, '[data-page="payment"][data-stage="saved"]');
/** The payment card's editing state (seed 002 §2.9): Edit opens the card entry for a new card; Cancel closes it. */
const editCard = (locale: Locale) => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: t[locale].payments.editPayment.edit }, { timeout: 10_000 }));
};
export const PaymentEditingEn = story('en', '/payment', { info: paymentInfos.saved }, '[data-page="payment"][data-stage="editing"] iframe', editCard('en'));
export const PaymentEditingEs = story('es', '/payment', { info: paymentInfos.saved }, '[data-page="payment"][data-stage="editing"] iframe', editCard('es'));
export const ReviewEn = story('en', '/review', {}, 'saved-card');
export const ReviewEs = story('es', '/review', { state: 'sale' }, 'saved-card');
export const ReviewFailedEn = story('en', '/review', { order: results('en').failed }, 'refill-alert', submit('en'));
export const ConfirmationEn = story('en', '/confirmation', { confirmation: confirmation(offers.sale.cart) }, 'auto-refill-card');
export const ConfirmationWarningEs = story('es', '/confirmation', { confirmation: results('es').warning.confirmation }, 'refill-warning');
export const PinConfirmationEn = story('en', '', { validate: pinDetails, redeem: pinRedemption }, 'new-expiry', redeemPin('en'));
