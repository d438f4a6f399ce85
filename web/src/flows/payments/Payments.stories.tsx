import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { changes, history, infos, paymentsContent } from './fixtures';
import { paymentsHandlers } from './handlers';
import type { PaymentsPageId } from './routes';

/**
 * The payment pages in each state (seed 001 §2, §4 "Auto-refill", "Payment instrument"; seed
 * 002 §2.7, §2.9, §4.3), in English and Spanish, on MSW answers shaped as the contract.
 */
const meta = {
  title: 'Payments',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

function story(
  page: PaymentsPageId,
  locale: Locale,
  stage: string,
  answers: Parameters<typeof paymentsHandlers>[0],
  act?: (canvas: Canvas) => Promise<void>,
): Story {
  return {
    args: { path: `/${locale}/dashboard/${page}` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...paymentsHandlers(answers)] } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await waitFor(() => expect(canvasElement.querySelector(`[data-page="${page}"]:not([data-stage="loading"])`)).toBeVisible(), { timeout: 10_000 });
      await act?.(canvas);
      await waitFor(() => expect(canvasElement.querySelector(`[data-page="${page}"]`)).toHaveAttribute('data-stage', stage));
    },
  };
}

const c = paymentsContent;
const removeAnd = (locale: Locale) => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: c[locale].editPayment.remove }));
  await canvas.findByTestId('payments-alert');
};
const edit = (locale: Locale) => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: c[locale].editPayment.edit }));
};
const enrol = (locale: Locale) => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('checkbox', { name: c[locale].autoRefill.terms }));
  await userEvent.click(canvas.getByRole('button', { name: c[locale].autoRefill.enrol }));
  await canvas.findByTestId('payments-alert', {}, { timeout: 3000 });
};
const cancel = (locale: Locale) => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: c[locale].autoRefill.cancel }));
  await canvas.findByTestId('payments-alert', {}, { timeout: 3000 });
};
const lastPage = (locale: Locale) => async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: c[locale].history.page.replace('{n}', '9') }));
};

export const SavedCardEn = story('edit-payment', 'en', 'saved', { info: infos.saved });
export const SavedCardEs = story('edit-payment', 'es', 'saved', { info: infos.saved });
export const EditingEn = story('edit-payment', 'en', 'editing', { info: infos.saved }, edit('en'));
export const EditingEs = story('edit-payment', 'es', 'editing', { info: infos.saved }, edit('es'));
export const NoCardEn = story('edit-payment', 'en', 'new', { info: infos.noCard });
export const NoCardEs = story('edit-payment', 'es', 'new', { info: infos.noCard });
export const RemovedEn = story('edit-payment', 'en', 'new', { info: infos.saved, change: changes.removed }, removeAnd('en'));
export const RemovedEs = story('edit-payment', 'es', 'new', { info: infos.saved, change: changes.removed }, removeAnd('es'));
export const RefusedEn = story('edit-payment', 'en', 'saved', { info: infos.saved, change: changes.rejected }, removeAnd('en'));
export const RefusedEs = story('edit-payment', 'es', 'saved', { info: infos.saved, change: changes.rejected }, removeAnd('es'));
export const LockedEn = story('edit-payment', 'en', 'saved', { info: infos.locked });
export const LockedEs = story('edit-payment', 'es', 'saved', { info: infos.locked });

/** `getPaymentInfo` failing (502): the generic message and the way back, no form. */
const infoFails = { errorCode: 'UPSTREAM_ERROR', status: 502 };
export const InfoFailedEn = story('edit-payment', 'en', 'error', { info: infoFails });
export const InfoFailedEs = story('edit-payment', 'es', 'error', { info: infoFails });

export const AutoRefillInfoFailedEn = story('auto-refill', 'en', 'error', { info: infoFails });
export const AutoRefillInfoFailedEs = story('auto-refill', 'es', 'error', { info: infoFails });
export const AutoRefillOfferedEn = story('auto-refill', 'en', 'offered', { info: infos.saved });
export const AutoRefillOfferedEs = story('auto-refill', 'es', 'offered', { info: infos.saved });
export const AutoRefillEnrolledEn = story('auto-refill', 'en', 'enrolled', { info: infos.saved, change: changes.enrolled }, enrol('en'));
export const AutoRefillEnrolledEs = story('auto-refill', 'es', 'enrolled', { info: infos.saved, change: changes.enrolled }, enrol('es'));
export const AutoRefillOnEn = story('auto-refill', 'en', 'enrolled', { info: infos.enrolled });
export const AutoRefillOnEs = story('auto-refill', 'es', 'enrolled', { info: infos.enrolled });
export const AutoRefillCancelledEn = story('auto-refill', 'en', 'offered', { info: infos.enrolled, change: changes.cancelled }, cancel('en'));
export const AutoRefillCancelledEs = story('auto-refill', 'es', 'offered', { info: infos.enrolled, change: changes.cancelled }, cancel('es'));
/** No saved card: the page asks for one (no Enrol to press, so no `BUS_PMT_006` failure). */
export const AutoRefillNoCardEn = story('auto-refill', 'en', 'needsCard', { info: infos.noCard, change: changes.noCard });
export const AutoRefillNoCardEs = story('auto-refill', 'es', 'needsCard', { info: infos.noCard, change: changes.noCard });
export const AutoRefillNotOfferedEn = story('auto-refill', 'en', 'unavailable', { info: infos.notOffered });
export const AutoRefillNotOfferedEs = story('auto-refill', 'es', 'unavailable', { info: infos.notOffered });

export const HistoryEn = story('payment-history', 'en', 'list', { info: infos.saved, history: (p) => history(13, p) });
export const HistoryEs = story('payment-history', 'es', 'list', { info: infos.saved, history: (p) => history(13, p) });
export const HistoryManyPagesEn = story('payment-history', 'en', 'list', { info: infos.saved, history: (p) => history(100, p) }, lastPage('en'));
export const HistoryManyPagesEs = story('payment-history', 'es', 'list', { info: infos.saved, history: (p) => history(100, p) }, lastPage('es'));
export const HistoryEmptyEn = story('payment-history', 'en', 'empty', { info: infos.saved, history: (p) => history(0, p) });
export const HistoryEmptyEs = story('payment-history', 'es', 'empty', { info: infos.saved, history: (p) => history(0, p) });
