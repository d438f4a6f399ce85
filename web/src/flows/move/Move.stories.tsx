import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { confirmation as refillConfirmation, offers, paymentInfos } from '../refill/fixtures';
import { refillHandlers } from '../refill/handlers';
import { confirmations, moves, moveTexts } from './fixtures';
import { moveHandlers } from './handlers';

/**
 * The move pages in each state (seed 002 §2.8, §4.4), on MSW answers shaped as the contract:
 * each page once, English and Spanish alternating, the schedule confirmation and its cancel
 * modal in both (every story costs the smoke run about 1.2 s). The address stages themselves
 * are the retail flow's stories (`RetailFlow`, move variant).
 */
const meta = {
  title: 'Move',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;
type MoveAnswers = Parameters<typeof moveHandlers>[0];
type RefillAnswers = Partial<Parameters<typeof refillHandlers>[0]>;

/** A story at `/{locale}/move/{path}` once `ready` (a test id or a selector) shows, after `act`. */
function story(locale: Locale, path: string, move: MoveAnswers, ready: string, act?: (c: Canvas) => Promise<void>, refill: RefillAnswers = {}): Story {
  return {
    args: { path: `/${locale}/move${path}` },
    parameters: {
      msw: {
        handlers: [
          ...contentHandlers(content),
          ...moveHandlers(move),
          ...refillHandlers({ offer: offers.plain, info: paymentInfos.saved, confirmation: refillConfirmation(offers.plain.cart), ...refill }),
        ],
      },
    },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await act?.(canvas);
      const selector = ready.startsWith('[') ? ready : `[data-testid="${ready}"]`;
      await waitFor(() => expect(canvasElement.ownerDocument.querySelector(selector)).toBeVisible(), { timeout: 10_000 });
    },
  };
}

const openCancel = (locale: Locale) => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: moveTexts[locale].moving.cancel }, { timeout: 10_000 }));
};
const thirtyOnly = { offer: { ...offers.plain, plans: offers.plain.plans.filter((p) => p.code === 'HSD_030') } };

export const AddressEntryEn = story('en', '', { move: moves.start }, '[data-stage="addressCheck"][data-variant="move"]');
export const AddressEntryEs = story('es', '', { move: moves.start }, '[data-stage="addressCheck"][data-variant="move"]');
export const AddressConfirmationEs = story('es', '/address-confirmation', { move: moves.destination }, 'move-to');
export const AddressConfirmationColdTapEn = story('en', '/address-confirmation', { move: moves.coldTap }, 'cold-tap');
export const ScheduleNowEn = story('en', '/schedule-now', { move: moves.destination }, 'move-date');
export const ScheduleEs = story('es', '/schedule', { move: moves.later }, 'move-date-input');
export const RefillRequiredSevenDayEn = story('en', '/refill-required', { move: moves.refillRequired }, 'refill-cart');
export const RefillRequiredEs = story('es', '/refill-required', { move: moves.refillRequired }, 'refill-cart', undefined, thirtyOnly);
export const RefillPaymentEn = story('en', '/refill-payment', { move: moves.refillRequired }, '[data-page="payment"][data-stage="new"] iframe', undefined, {
  offer: { ...offers.plain, savedCard: undefined },
  info: paymentInfos.noCard,
});
export const RefillReviewEs = story('es', '/refill-review', { move: moves.refillRequired }, 'saved-card');
export const RefillConfirmationEn = story('en', '/refill-confirmation', { move: moves.refilled }, 'continue-move');
export const MoveNowEs = story('es', '/now', { move: moves.today }, 'move-date');
export const ScheduleFinalizeEn = story('en', '/schedule-finalize', { move: moves.later }, 'move-date');
export const NowConfirmationEn = story('en', '/now-confirmation', { move: moves.today, confirmation: confirmations.today }, 'confirmation-number');
export const ScheduleConfirmationEn = story('en', '/schedule-confirmation', { move: moves.later, confirmation: confirmations.later }, 'move-cancel-by');
export const ScheduleConfirmationEs = story('es', '/schedule-confirmation', { move: moves.later, confirmation: confirmations.later }, 'move-cancel-by');
export const CancelModalEn = story('en', '/schedule-confirmation', { move: moves.later, confirmation: confirmations.later }, 'cancel-move-modal', openCancel('en'));
export const CancelModalEs = story('es', '/schedule-confirmation', { move: moves.later, confirmation: confirmations.later }, 'cancel-move-modal', openCancel('es'));
export const NotAvailableEn = story('en', '', { move: { errorCode: 'MOVE_NOT_AVAILABLE', status: 409, message: "This account can't be moved online." } }, '[data-stage="not-available"]');
