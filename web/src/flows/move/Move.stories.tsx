import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { content, en as enContent, es as esContent } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import { addressCheckLoaded } from '../../testing/walk';
import type { Locale } from '../../lib/locale';
import { catalogue, confirmation as refillConfirmation, offers, paymentInfos, results } from '../refill/fixtures';
import { refillHandlers } from '../refill/handlers';
import { checks, confirmations, moves, moveTexts } from './fixtures';
import { moveHandlers } from './handlers';

/**
 * The move pages in each state (seed 002 §2.8, §4.4), on MSW answers shaped as the contract
 * (texts and catalogue messages from the content recording): each state once, English and
 * Spanish alternating, the schedule confirmation and its cancel modal in both (every story
 * costs the smoke run about 1.2 s; the Spanish bundle has every key of the English one,
 * `content.test.ts`, and is translated, `simulators/tests/it/account_content.rs`). The entry's
 * outcomes (units, the notices, a failed check) are walked from the form; the date's refusals
 * (before today in the browser, too far by the BFF, the call failing), the refused refill on
 * the review and the move being sent are pressed to.
 */
const meta = {
  title: 'Move',
  component: StoryApp,
  // the address check draws its street combobox from the start (the play functions use it)
  loaders: [addressCheckLoaded],
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
          // the street field's suggestions (none: the stories type a whole street)
          http.get('*/secure/api/v1/address/suggestions', () => HttpResponse.json({ suggestions: [] })),
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
const mf = { en: enContent.merchantFlow, es: esContent.merchantFlow };
/** Types a destination on the entry and checks it. */
const enterAddress = (locale: Locale) => async (canvas: Canvas) => {
  const a = mf[locale].addressCheck;
  await userEvent.type(await canvas.findByRole('combobox', { name: a.streetLabel }, { timeout: 10_000 }), '77 Elm St');
  await userEvent.type(canvas.getByRole('textbox', { name: a.zipLabel }), '30030');
  await userEvent.click(canvas.getByRole('button', { name: a.submit }));
};
/** Puts `date` in the date field and presses Continue. */
const chooseDate = (locale: Locale, date: string) => async (canvas: Canvas) => {
  fireEvent.change(await canvas.findByLabelText(moveTexts[locale].moving.schedule.dateLabel, {}, { timeout: 10_000 }), { target: { value: date } });
  await userEvent.click(canvas.getByRole('button', { name: moveTexts[locale].moving.schedule.continueLabel }));
};
/** Waits for `text` (a refusal's message) to show. */
const shows = (text: string, act: (c: Canvas) => Promise<void>) => async (canvas: Canvas) => {
  await act(canvas);
  await canvas.findByText(text, {}, { timeout: 10_000 });
};
const tooFar = (locale: Locale) => ({ errorCode: 'MOVE_DATE_TOO_FAR', status: 400, message: catalogue(locale, 'MOVE_DATE_TOO_FAR') });
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
const notAvailable = (locale: Locale) => ({ errorCode: 'MOVE_NOT_AVAILABLE', status: 409, message: catalogue(locale, 'MOVE_NOT_AVAILABLE') });
export const NotAvailableEn = story('en', '', { move: notAvailable('en') }, '[data-stage="not-available"]');
export const NotAvailableEs = story('es', '', { move: notAvailable('es') }, '[data-stage="not-available"]');
export const NowConfirmationEs = story('es', '/now-confirmation', { move: moves.today, confirmation: confirmations.today }, 'confirmation-number');

// the entry's outcomes, from the form
export const MultiUnitEs = story('es', '', { move: moves.start, check: checks.multiple }, '[data-stage="addressMultiUnit"]', enterAddress('es'));
export const InvalidAddressEn = story('en', '', { move: moves.start, check: checks.invalid }, '[data-stage="addressError"]', shows(mf.en.addressErrors.invalidAddress.title, enterAddress('en')));
export const CheckFailedEs = story('es', '', { move: moves.start }, '[data-stage="addressError"]', shows(mf.es.addressErrors.connection.title, enterAddress('es')));
export const UnserviceableEn = story('en', '', { move: moves.start, check: checks.unserviceable }, '[data-stage="unserviceable"]', enterAddress('en'));
export const ExistingPrepaidEs = story('es', '', { move: moves.start, check: checks.existingPrepaid }, '[data-stage="existingPrepaidAccount"]', enterAddress('es'));
export const ExistingPostpaidEn = story('en', '', { move: moves.start, check: checks.existingPostpaid }, '[data-stage="existingPostpaidAccount"]', enterAddress('en'));
// the date's refusals: before today (no call), too far (the BFF's catalogue message)
export const SchedulePastDateEn = story('en', '/schedule', { move: moves.destination }, '[data-page="schedule"]', shows(moveTexts.en.moving.schedule.datePast, chooseDate('en', '2026-01-02')));
export const ScheduleTooFarEs = story('es', '/schedule', { move: moves.destination, date: () => tooFar('es') }, '[data-page="schedule"]', shows(tooFar('es').message, chooseDate('es', '2026-03-07')));
// the date's call failing (5xx): the generic message above the form
export const ScheduleFailedEs = story('es', '/schedule', { move: moves.later, date: () => ({ errorCode: 'UPSTREAM_ERROR', status: 502 }) }, '[data-page="schedule"] [role="alert"]', async (canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: moveTexts.es.moving.schedule.continueLabel }, { timeout: 10_000 }));
});
// the refill refused on the review (its catalogue message; the move waits for a refill)
export const RefillReviewDeclinedEn = story('en', '/refill-review', { move: moves.refillRequired }, 'refill-alert', async (canvas) => {
  await userEvent.click(await canvas.findByRole('checkbox', { name: moveTexts.en.refill.review.agreement }, { timeout: 10_000 }));
  await userEvent.click(canvas.getByRole('button', { name: moveTexts.en.refill.review.submit }));
}, { order: results('en').failed });
// the move being sent (its answer never comes)
export const ScheduleFinalizeSendingEs = story('es', '/schedule-finalize', { move: moves.later, createDelayMs: 2 ** 31 - 1 }, '[data-page="schedule-finalize"] button[disabled]', shows(moveTexts.es.moving.finalize.submitting, async (canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: moveTexts.es.moving.finalize.submit }, { timeout: 10_000 }));
}));
