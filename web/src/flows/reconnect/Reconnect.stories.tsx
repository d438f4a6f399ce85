import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { checks, reconnected } from './fixtures';
import { reconnectHandlers } from './handlers';

/**
 * The reconnect page in each state (seed 002 §2.10, §4.5), in English and Spanish, on MSW
 * answers shaped as the contract.
 */
const meta = {
  title: 'Reconnect',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;
type Handlers = Parameters<typeof reconnectHandlers>[0];

/** A story at `/{locale}/reconnect` once `ready` (a selector) shows, after `act`. */
function story(locale: Locale, answers: Handlers, ready: string, act?: (canvas: Canvas) => Promise<void>): Story {
  return {
    args: { path: `/${locale}/reconnect` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...reconnectHandlers(answers)] } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await act?.(canvas);
      await waitFor(() => expect(canvasElement.ownerDocument.querySelector(ready)).toBeVisible(), { timeout: 10_000 });
    },
  };
}

const pay = async (canvas: Canvas) => {
  await userEvent.click(await canvas.findByRole('button', { name: /48\.60/ }, { timeout: 10_000 }));
};

export const SavedCard = story('en', { check: checks.saved }, '[data-testid="reconnect-total"]');
export const CardEntry = story('en', { check: checks.noCard }, 'iframe');
export const ColdTap = story('en', { check: checks.coldTap }, '[data-testid="cold-tap"]');
export const TaxUnavailable = story('en', { check: checks.noTax }, '[data-testid="reconnect-total"]');
export const Paying = story('en', { check: checks.saved, submit: reconnected, submitDelayMs: 60_000 }, '[data-testid="step-refill"] [role="status"]', pay);
export const ThankYou = story('en', { check: checks.saved, submit: reconnected }, '[data-testid="continue-activation"]', pay);
export const NotAvailable = story(
  'en',
  { check: { errorCode: 'RECONNECT_NOT_AVAILABLE', status: 409, message: "Reconnecting this account isn't available online." } },
  '[data-stage="not-available"]',
);
export const SavedCardEs = story('es', { check: checks.saved }, '[data-testid="reconnect-total"]');
export const CardEntryEs = story('es', { check: checks.noCard }, 'iframe');
export const ColdTapEs = story('es', { check: checks.coldTap }, '[data-testid="cold-tap"]');
export const TaxUnavailableEs = story('es', { check: checks.noTax }, '[data-testid="reconnect-total"]');
export const PayingEs = story('es', { check: checks.saved, submit: reconnected, submitDelayMs: 60_000 }, '[data-testid="step-refill"] [role="status"]', pay);
export const ThankYouEs = story('es', { check: checks.done }, '[data-testid="continue-activation"]');
export const NotAvailableEs = story(
  'es',
  { check: { errorCode: 'RECONNECT_NOT_AVAILABLE', status: 409, message: 'La reconexión de esta cuenta no está disponible en línea.' } },
  '[data-stage="not-available"]',
);
