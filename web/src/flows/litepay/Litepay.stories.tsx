import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { loadFindForm } from './FindAccount';
import { confirmation, litepayTexts, lookups, refills, results } from './fixtures';
import { litepayHandlers } from './handlers';

/**
 * The quick refill in each state (seed 002 §2.11, §4.3, §4.6), in English and Spanish, on MSW
 * answers shaped as the contract (`handlers.ts`); a located account starts as after a reload
 * (the BFF's session holds it), so most stories need no typing. The find form's code is loaded
 * before a story renders, so the find step is the real form from the start, not the plain
 * stand-in it replaces (`FindAccount`).
 */
const meta = {
  title: 'Litepay',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
  loaders: [async () => void (await loadFindForm())],
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;
type Handlers = Parameters<typeof litepayHandlers>[0];

/** A story at `/{locale}/litepay/{page}` once `ready` (a selector) shows, after `act`. */
function story(locale: Locale, page: string, answers: Handlers, ready: string, act?: (canvas: Canvas, locale: Locale) => Promise<void>): Story {
  return {
    args: { path: `/${locale}/litepay/${page}` },
    parameters: { msw: { handlers: [...litepayHandlers(answers), ...contentHandlers(content)] } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await act?.(canvas, locale);
      await waitFor(() => expect(canvasElement.ownerDocument.querySelector(ready)).toBeVisible(), { timeout: 10_000 });
    },
  };
}

/** Types the world's phone and zip and presses Next. */
const find = async (canvas: Canvas, locale: Locale) => {
  const c = litepayTexts[locale].litepay;
  await userEvent.type(await canvas.findByRole('textbox', { name: c.phoneLabel }, { timeout: 10_000 }), '4045550201');
  await userEvent.type(canvas.getByRole('textbox', { name: c.zipLabel }), '30309');
  await userEvent.click(canvas.getByTestId('find-next'));
};
const confirm = async (canvas: Canvas, locale: Locale) => {
  fireEvent.click(await canvas.findByRole('checkbox', { name: litepayTexts[locale].litepay.terms }, { timeout: 10_000 }));
  await userEvent.click(canvas.getByTestId('confirm-refill'));
};

const notice = (kind: string) => `[data-notice="${kind}"]`;

export const FindAccount = story('en', 'refill', {}, '[data-testid="find-next"]');
export const FindAccountEs = story('es', 'refill', {}, '[data-testid="find-next"]');
export const Locating = story('en', 'refill', { lookups: [lookups.found], lookupDelayMs: 60_000 }, '[data-testid="find-next"][data-disabled]', find);
export const LocatingEs = story('es', 'refill', { lookups: [lookups.found], lookupDelayMs: 60_000 }, '[data-testid="find-next"][data-disabled]', find);
export const NotLocatedEs = story('es', 'refill', { lookups: [lookups.notLocatedEs] }, notice('notLocated'), find);
export const Preactivated = story('en', 'refill', { lookups: [lookups.preactivated] }, notice('preactivated'), find);
export const PreactivatedEs = story('es', 'refill', { lookups: [lookups.preactivatedEs] }, notice('preactivated'), find);
export const MultipleAccounts = story('en', 'refill', { lookups: [lookups.multiple] }, notice('multipleAccounts'), find);
export const MultipleAccountsEs = story('es', 'refill', { lookups: [lookups.multipleEs] }, notice('multipleAccounts'), find);
export const NotLocated = story('en', 'refill', { lookups: [lookups.notLocated] }, notice('notLocated'), find);
/** A second miss in a row: the "unfortunate" warning. */
const missTwice = async (canvas: Canvas, locale: Locale) => {
  await find(canvas, locale);
  await canvas.findByTestId('lookup-notice', {}, { timeout: 10_000 });
  await userEvent.click(canvas.getByTestId('find-next'));
};
/** A miss, then its help modal open. */
const openHelp = async (canvas: Canvas, locale: Locale) => {
  await find(canvas, locale);
  await userEvent.click(await canvas.findByRole('button', { name: litepayTexts[locale].litepay.helpLink }, { timeout: 10_000 }));
};
export const NotLocatedTwice = story('en', 'refill', { lookups: [lookups.notLocated] }, '[data-testid="unfortunate"]', missTwice);
export const NotLocatedTwiceEs = story('es', 'refill', { lookups: [lookups.notLocatedEs] }, '[data-testid="unfortunate"]', missTwice);
export const NotLocatedHelp = story('en', 'refill', { lookups: [lookups.notLocated] }, '[data-testid="help-modal"]', openHelp);
export const NotLocatedHelpEs = story('es', 'refill', { lookups: [lookups.notLocatedEs] }, '[data-testid="help-modal"]', openHelp);
export const CardEntry = story('en', 'refill', { located: refills.plain }, 'iframe');
export const CardEntryEs = story('es', 'refill', { located: refills.plain }, 'iframe');
export const CardEntryPromo = story('en', 'refill', { located: refills.promo }, '[data-testid="promo-banner"]');
export const CardEntryPromoEs = story('es', 'refill', { located: refills.promo }, '[data-testid="promo-banner"]');
/** A card refused by the provider: the catalogue message and the BFF's 30 s wait. */
function cardRefused(locale: Locale, message: string): Story {
  return story(
    locale,
    'refill',
    { located: refills.plain, cards: [{ outcome: 'rejected', message, lock: { failures: 1, retryInMs: 30_000 } }] },
    '[data-testid="retry-in"]',
    async (canvas) => {
      await canvas.findByTitle(litepayTexts[locale].payments.editPayment.cardEntryTitle, {}, { timeout: 10_000 });
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: {
            action: 'CPC_FORM_SUBMIT_RESPONSE',
            data: { status: 'SUCCESS', cpcData: { cardDetails: { token: 't', expirationDate: '1230', cardType: 'visa', cardLast4Digits: '1111' } } },
          },
        }),
      );
    },
  );
}
export const CardRefused = cardRefused('en', "We're sorry, this card isn't working. Please try a different card.");
export const CardRefusedEs = cardRefused('es', 'Lo sentimos, esta tarjeta no funciona. Por favor, intenta con otra tarjeta.');
export const Confirm = story('en', 'refill', { located: refills.withCard }, '[data-testid="litepay-summary"]');
export const ConfirmAcpEs = story('es', 'refill', { located: { ...refills.acp, card: refills.withCard.card } }, '[data-testid="litepay-summary"]');
export const RefillRefused = story('en', 'refill', { located: refills.withCard, submit: results.failed }, '[data-testid="refill-error"]', confirm);
export const RefillRefusedEs = story('es', 'refill', { located: refills.withCard, submit: results.failedEs }, '[data-testid="refill-error"]', confirm);
export const Confirmation = story('en', 'order-confirmation', { confirmation }, '[data-testid="order-number"]');
export const ConfirmationEs = story('es', 'order-confirmation', { confirmation }, '[data-testid="order-number"]');
export const ConfirmationWarning = story('en', 'order-confirmation', { confirmation: { ...confirmation, orderNumber: undefined, warning: true } }, '[data-testid="refill-warning"]');
export const ConfirmationWarningEs = story('es', 'order-confirmation', { confirmation: { ...confirmation, orderNumber: undefined, warning: true } }, '[data-testid="refill-warning"]');
