import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { parse } from 'yaml';
import contentJson from '../../content/recordings/content.json';
import { catalogued, contentText, type BuyInput } from '../../testing/scenarioFiles';
import { recordingHandlers, type ContentRecording, type Exchange, type Recording } from '../../testing/recordings';
import {
  beforePlaceholder,
  bySituation,
  callLog,
  expectDecidingCall,
  expectVisibleText,
  localeOf,
  TIMEOUT,
  type CallLog,
  type Locale,
} from '../../testing/scenarioStory';
import { StoryApp } from '../../testing/StoryApp';
import type { BuyContent } from './content';

const content = contentJson as unknown as ContentRecording;
const buyflow = (locale: Locale) => content[locale].buyflow as BuyContent;
const recordings = bySituation(import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' }));
/** The scenario files themselves, for what recordings leave out (the session-storage presets). */
const files = import.meta.glob<string>('../../../../scenarios/buy/*.yaml', { eager: true, query: '?raw', import: 'default' });

interface BuyExpect {
  stage: string;
  message?: string;
  errorCode?: string;
  banner?: boolean;
}

/**
 * One story per buy scenario (`scenarios/buy/*.yaml`): the whole app from the scenario's start
 * link on its recorded BFF answers, walked with the scenario's input as the browser suite walks
 * it, must end on `expect.stage` with `expect.message`, the catalogue message of
 * `expect.errorCode` (in the banner when `expect.banner`), or leave for the marketing site. The
 * scenario's language alternates by id. Two stand-ins replace what Storybook cannot serve:
 * - the identity router: the session page's hand-off goes to `#identity-router`, and the app
 *   starts again on the return path (a fresh page on the same session storage, as after the
 *   router's redirect); the identity's effect is the recorded restored session;
 * - the card-entry component: a page speaking its window-message protocol; the card's outcome
 *   is the recorded add-instrument answer.
 * Calls the recording does not hold (the recorder stopped at the failure) never answer.
 */
const meta = {
  title: 'Buy/Scenarios',
  component: ScenarioApp,
  tags: ['scenario'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ScenarioApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const ROUTER = '#identity-router';
const MARKETING = '#marketing';
const SESSION_ID = 'DS-0000000000000000';
const CREATE = 'POST /secure/session';
const CARD_ENTRY_CONFIG = 'GET /secure/api/v1/payments/card-entry-config';
const INSTRUMENT = '/secure/payment-service/add-secure-prepaid-payment-instrument';
const SUBMIT = '/secure/api/v1/PinlessActivation/prepaid-customer-activation';

/**
 * The app at `path`; when it leaves for the identity router, it starts again at `back`.
 */
function ScenarioApp({ path, back }: { path: string; back: string }) {
  const [at, setAt] = useState(path);
  useEffect(() => {
    const returned = () => {
      if (window.location.hash === ROUTER) setAt(back);
    };
    window.addEventListener('hashchange', returned);
    return () => window.removeEventListener('hashchange', returned);
  }, [back]);
  return <StoryApp key={at} path={at} />;
}

/** The card-entry stand-in: configures, reports a valid form, and answers every submit with a token. */
function cardEntryPage(last4: string): string {
  const card = { token: 'story-card-token', expirationDate: '1230', cardType: 'VISA', cardLast4Digits: last4 };
  const html = `<!doctype html><html lang="en"><head><title>Card entry</title></head><body>
<main><h1>Card entry (story stand-in)</h1></main>
<script>
let configured = false;
const send = (action, data) => parent.postMessage({ action, data: data || {} }, '*');
addEventListener('message', (event) => {
  const m = event.data || {};
  if (m.action === 'CPC_CONFIG_SUBMIT' && !configured) {
    configured = true;
    send('CPC_INFO_EVENT', { event: 'FORM_READY' });
    send('CPC_INFO_EVENT', { event: 'FORM_VALIDITY', valid: true });
  }
  if (m.action === 'CPC_FORM_SUBMIT') {
    send('CPC_FORM_PROCESSING');
    send('CPC_FORM_SUBMIT_RESPONSE', { status: 'SUCCESS', cpcData: { cardDetails: ${JSON.stringify(card)} } });
  }
});
const ready = setInterval(() => (configured ? clearInterval(ready) : send('CPC_CONFIG_READY')), 100);
send('CPC_CONFIG_READY');
</script></body></html>`;
  return URL.createObjectURL(new Blob([html], { type: 'text/html' }));
}

const key = (e: Exchange) => `${e.method} ${e.path}`;
const answered = (recording: Recording, call: string) => recording.exchanges.find((e) => key(e) === call);

/** The stand-ins' handlers, and a never-answering one for every call of a full walk the recording lacks. */
function standIns(recording: Recording, input: BuyInput): HttpHandler[] {
  const created = answered(recording, CREATE);
  const config = answered(recording, CARD_ENTRY_CONFIG);
  const handlers: HttpHandler[] = [];
  if (created?.status === 200) {
    handlers.push(http.post('*/secure/session', () => HttpResponse.json({ ...(created.body as object), routerUrl: ROUTER })));
  }
  if (config?.status === 200) {
    const last4 = input.card.replace(/\D/g, '').slice(-4);
    handlers.push(
      http.get('*/secure/api/v1/payments/card-entry-config', () =>
        HttpResponse.json({ ...(config.body as object), iframeUrl: cardEntryPage(last4) }),
      ),
    );
  }
  const full = recordings.get('happy-promo-accepted')?.exchanges ?? [];
  const held = new Set(full.map(key).filter((call) => !answered(recording, call)));
  for (const call of held) {
    const [method, path] = call.split(' ') as [string, string];
    const verb = method === 'GET' ? http.get : method === 'PUT' ? http.put : http.post;
    handlers.push(
      verb(`*${path}`, async () => {
        await delay('infinite');
      }),
    );
  }
  return handlers;
}

/** The recorded content, with the marketing site (where repeated payment failures send the customer) at `#marketing`. */
const storyContent: ContentRecording = Object.fromEntries(
  (['en', 'es'] as const).map((l) => [
    l,
    { ...content[l], buyflow: { ...buyflow(l), errorPage: { ...buyflow(l).errorPage, backUrl: MARKETING } } },
  ]),
) as ContentRecording;

// ---- the walk -------------------------------------------------------------------------------

const pageNow = (root: HTMLElement) => root.querySelector('[data-page]:not([data-loading])')?.getAttribute('data-page') ?? null;

/** Waits until a settled page (not a loading screen) other than `leaving` shows; returns its id. */
async function settled(root: HTMLElement, leaving?: string): Promise<string> {
  return waitFor(
    () => {
      const at = pageNow(root);
      if (!at || at === leaving) throw new Error(`still at ${at ?? 'a loading screen'}`);
      return at;
    },
    { timeout: TIMEOUT },
  );
}

const count = (log: CallLog, call: string) => log.calls.filter((c) => c === call).length;

/** Waits until the button `name` on page `at` is enabled, or the flow leaves `at` (then `null`). */
async function enabledButton(root: HTMLElement, at: string, name: string): Promise<HTMLElement | null> {
  return waitFor(
    () => {
      if (pageNow(root) !== at) return null;
      const button = within(root).getAllByRole('button', { name })[0]!;
      expect(button).toBeEnabled();
      return button;
    },
    { timeout: TIMEOUT },
  );
}

async function check(root: HTMLElement, role: 'checkbox' | 'radio', name: string): Promise<void> {
  const control = within(root).getByRole(role, { name });
  if (!(control as HTMLInputElement).checked) await userEvent.click(control);
  await waitFor(() => expect(control).toBeChecked());
}

/**
 * Walks the buy flow with the scenario's input until it ends (a final page, a stop the input asks
 * for, or `stop`).
 */
async function walkBuy(root: HTMLElement, input: BuyInput, c: BuyContent, log: CallLog, stop?: string): Promise<void> {
  const body = within(document.body);
  let at = await settled(root);
  for (let step = 0; step < 10; step++) {
    const here = root.querySelector<HTMLElement>(`[data-page="${at}"]`)!;
    if (stop === at) return;
    if (at === 'internet' || at === 'direct-promo') {
      // Next is enabled once product details are in; a failed call leaves for the error page
      const next = await enabledButton(root, at, at === 'internet' ? c.internet.next : c.directPromo.next);
      if (!next) {
        at = await settled(root, at);
        continue;
      }
      await userEvent.click(next);
      if (at === 'internet') {
        // Next opens the promo modal when a promotion is offered and not in the cart, else leaves
        const modal = await waitFor(
          () => {
            const dialog = body.queryByTestId('promo-modal');
            if (!dialog && pageNow(root) === 'internet') throw new Error('neither the promo modal nor the next page');
            return dialog;
          },
          { timeout: TIMEOUT },
        );
        if (modal) {
          const choice = input.acceptPromo ? c.internet.promoModal.accept : c.internet.promoModal.close;
          await userEvent.click(within(modal).getByRole('button', { name: choice }));
        }
      }
    } else if (at === 'customer-info') {
      const fill = async (label: string, value?: string) => {
        const field = within(here).getByLabelText(label, { exact: true }) as HTMLInputElement;
        if (value === undefined || field.readOnly) return;
        // at once, as the browser walk's fill does (typing each letter cost seconds per story)
        await userEvent.clear(field);
        await userEvent.click(field);
        await userEvent.paste(value);
      };
      const ci = c.customerInfo;
      await fill(ci.firstNameLabel, input.customer?.firstName);
      await fill(ci.lastNameLabel, input.customer?.lastName);
      await fill(ci.emailLabel, input.customer?.email);
      await fill(ci.confirmEmailLabel, input.customer?.email);
      await fill(ci.phoneLabel, input.customer?.phone);
      await userEvent.click(within(here).getByRole('button', { name: ci.next }));
    } else if (at === 'order-details') {
      // without a payment id the card form never loads: the payment alert shows instead
      const alert = () => within(here).queryByTestId('payment-alert');
      await waitFor(() => expect(here.querySelector('iframe') ?? alert()).not.toBeNull(), { timeout: TIMEOUT });
      if (!here.querySelector('iframe')) return;
      if (input.autoRefill) {
        await userEvent.click(within(here).getAllByRole('checkbox')[0]!);
        await check(here, 'checkbox', c.payment.autoRefillLabel);
      }
      const attempts = input.attempts ?? 1;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        const before = count(log, `POST ${INSTRUMENT}`);
        const next = await enabledButton(root, at, c.payment.next);
        if (!next) break;
        await userEvent.click(next);
        await waitFor(() => expect(count(log, `POST ${INSTRUMENT}`)).toBe(before + 1), { timeout: TIMEOUT });
        // every failure but the last shows the alert and counts; the last leaves (the expectation checks where)
        if (attempt === attempts && attempts > 1) return;
        await waitFor(() => expect(Boolean(alert()) || pageNow(root) !== 'order-details').toBe(true), { timeout: TIMEOUT });
        if (pageNow(root) !== 'order-details') break;
        if (attempts > 1) {
          await waitFor(() => expect(sessionStorage.getItem('errorReloadCount')).toBe(String(attempt)));
          expect(window.location.hash, 'still in the flow').not.toBe(MARKETING);
        }
      }
      if (alert()) return;
    } else if (at === 'order-review') {
      if (input.submit === false) return;
      const r = c.review;
      if (input.smsOptIn) await check(here, 'checkbox', r.smsOptIn);
      await check(here, 'radio', input.language === 'SPANISH' ? r.languageSpanish : r.languageEnglish);
      await check(here, 'checkbox', r.consent);
      const before = count(log, `POST ${SUBMIT}`);
      await userEvent.click(within(here).getByRole('button', { name: r.completePurchase }));
      await waitFor(() => expect(count(log, `POST ${SUBMIT}`)).toBe(before + 1), { timeout: TIMEOUT });
      return;
    } else {
      return;
    }
    at = await settled(root, at);
  }
}

/** The scenario's end: the page, its message, or the marketing site. */
async function expectOutcome(root: HTMLElement, want: BuyExpect, c: BuyContent): Promise<void> {
  if (want.stage === 'marketing-redirect') {
    await waitFor(() => expect(window.location.hash).toBe(MARKETING), { timeout: TIMEOUT });
    return;
  }
  const final = await waitFor(
    () => {
      const el = root.querySelector<HTMLElement>(`[data-page="${want.stage}"]:not([data-loading])`);
      expect(el).toBeVisible();
      return el!;
    },
    { timeout: TIMEOUT },
  );
  if (want.message) await expectVisibleText(final, beforePlaceholder(contentText(c, want.message)));
  if (want.errorCode) {
    // the recorder asks without a language: the BFF's message is the English one
    const { message, appendCode } = catalogued(buyflow('en').errorCatalogue, want.errorCode);
    const where = want.banner ? await within(root.ownerDocument.body).findByTestId('warning-banner', {}, { timeout: TIMEOUT }) : final;
    await expectVisibleText(where, beforePlaceholder(message));
    if (appendCode) await expectVisibleText(where, want.errorCode);
  }
}

/**
 * Stories that must stop short of their scenario's end, at this page: the recording lacks a call
 * the app makes after it (the recorder saves the customer only when the input types one, while
 * the app's customer-info page saves the restored one too). The browser suite walks these
 * scenarios to the end (`playwright/tests/buy.spec.ts`, `noStory`).
 */
const STOPS: Record<string, string> = {
  // a complete session routes through customer-info when tax failed (the rule this scenario pins)
  'tax-failure-existing': 'customer-info',
};

function scenario(situation: string): Story {
  const recording = recordings.get(situation);
  const locale = localeOf(situation, recordings);
  const file = parse(files[`../../../../scenarios/buy/${situation}.yaml`] ?? '{}') as { sessionStorage?: Record<string, string> };
  const input = (recording?.scenario.input ?? {}) as unknown as BuyInput;
  const log = callLog();
  return {
    name: `buy/${situation} [${locale}]`,
    args: { path: `/${locale}${recording?.scenario.start ?? '/buy'}`, back: `/${locale}/buy/session?digitalSessionId=${SESSION_ID}` },
    parameters: {
      msw: { handlers: recording ? [log.handler, ...standIns(recording, input), ...recordingHandlers(recording, storyContent)] : [] },
      scenario: `buy/${situation}`,
    },
    beforeEach: () => {
      log.calls.length = 0;
      sessionStorage.clear();
      for (const [k, v] of Object.entries(file.sessionStorage ?? {})) sessionStorage.setItem(k, v);
      history.replaceState(null, '', window.location.pathname + window.location.search);
    },
    play: async ({ canvasElement }) => {
      if (!recording) throw new Error(`no recording of buy/${situation}`);
      const stop = STOPS[situation];
      await walkBuy(canvasElement, input, buyflow(locale), log, stop);
      if (!stop) await expectDecidingCall(recording, log);
      await expectOutcome(canvasElement, stop ? { stage: stop } : (recording.scenario.expect as BuyExpect), buyflow(locale));
    },
  };
}

export const AddInstrumentNetworkFailure: Story = scenario('add-instrument-network-failure');
export const CardBillingAddress: Story = scenario('card-billing-address');
export const CardConnectionProblem: Story = scenario('card-connection-problem');
export const CardConnectionReset: Story = scenario('card-connection-reset');
export const CardCvvInvalid: Story = scenario('card-cvv-invalid');
export const CardExpired: Story = scenario('card-expired');
export const CardExpiryPassed: Story = scenario('card-expiry-passed');
export const CardMissingAddress: Story = scenario('card-missing-address');
export const CardMissingCardInfo: Story = scenario('card-missing-card-info');
export const CardMissingInfo: Story = scenario('card-missing-info');
export const CardNotWorkingContactCare: Story = scenario('card-not-working-contact-care');
export const CardNotWorking: Story = scenario('card-not-working');
export const CardNumberLength: Story = scenario('card-number-length');
export const CardOrCvvInvalid: Story = scenario('card-or-cvv-invalid');
export const CardProcessingTrouble: Story = scenario('card-processing-trouble');
export const CardTimedOut: Story = scenario('card-timed-out');
export const CardTypeMismatch: Story = scenario('card-type-mismatch');
export const CreateSessionNetworkFailure: Story = scenario('create-session-network-failure');
export const DirectPromoEntry: Story = scenario('direct-promo-entry');
export const HappyFreeShipping: Story = scenario('happy-free-shipping');
export const HappyNoPromotions: Story = scenario('happy-no-promotions');
export const HappyPaidShipping: Story = scenario('happy-paid-shipping');
export const HappyPromoAccepted: Story = scenario('happy-promo-accepted');
export const HappySpanishPreference: Story = scenario('happy-spanish-preference');
export const OrderAccountNotFound: Story = scenario('order-account-not-found');
export const OrderBusCustact05: Story = scenario('order-bus-custact-05');
export const OrderBusPinlessActLocation: Story = scenario('order-bus-pinless-act-location');
export const OrderBusPinlessActPhone: Story = scenario('order-bus-pinless-act-phone');
export const OrderPayment0001: Story = scenario('order-payment-0001');
export const OrderSysCustact01: Story = scenario('order-sys-custact-01');
export const OrderSysCustact02: Story = scenario('order-sys-custact-02');
export const OrderSysCustact04: Story = scenario('order-sys-custact-04');
export const OrderSysCustact06: Story = scenario('order-sys-custact-06');
export const OrderSys0010: Story = scenario('order-sys0010');
export const OrderUnknownCode: Story = scenario('order-unknown-code');
export const PaymentIdNetworkFailure: Story = scenario('payment-id-network-failure');
export const PaymentReloadRedirectExisting: Story = scenario('payment-reload-redirect-existing');
export const PaymentReloadRedirectNew: Story = scenario('payment-reload-redirect-new');
export const ProductDetailsMalformed: Story = scenario('product-details-malformed');
export const ProductDetailsNetworkFailure: Story = scenario('product-details-network-failure');
export const PromotionsNetworkFailure: Story = scenario('promotions-network-failure');
export const RestoreSessionNetworkFailure: Story = scenario('restore-session-network-failure');
export const ServiceabilityNetworkFailure: Story = scenario('serviceability-network-failure');
export const SessionExistingComplete: Story = scenario('session-existing-complete');
export const SessionExistingEmailUnverified: Story = scenario('session-existing-email-unverified');
export const SessionExistingIncomplete: Story = scenario('session-existing-incomplete');
export const SessionExistingMobileUnverified: Story = scenario('session-existing-mobile-unverified');
export const SessionExistingUnverified: Story = scenario('session-existing-unverified');
export const SessionStripEmail: Story = scenario('session-strip-email');
export const SessionStripPhone: Story = scenario('session-strip-phone');
export const SubmitOrderNetworkFailure: Story = scenario('submit-order-network-failure');
export const SubmitOrderServerError: Story = scenario('submit-order-server-error');
export const SubmitOrderSlow: Story = scenario('submit-order-slow');
export const TaxFailureExisting: Story = scenario('tax-failure-existing');
export const TaxFailure: Story = scenario('tax-failure');
