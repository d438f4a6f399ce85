import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { content, es as esContent } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { loadFindForm } from './FindAccount';
import { confirmation, litepayTexts, lookups, refills, results } from './fixtures';
import { litepayHandlers, type LitepayCall } from './handlers';

const server = setupServer();
// the find form's code before the first render, so the find step is the real form from the start
// (its hand-over from the plain form: FindAccount.test.tsx)
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await loadFindForm();
});
beforeEach(() => {
  server.use(...contentHandlers(content));
  window.dataLayer = [];
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const en = litepayTexts.en.litepay;
const es = litepayTexts.es.litepay;

/** What the card-entry component posts once it tokenised the card (seed 000 §7 protocol). */
function cardEntryAnswers() {
  const data = {
    status: 'SUCCESS',
    cpcData: { cardDetails: { token: 'simtok_ok_1111', expirationDate: '1230', cardType: 'visa', cardLast4Digits: '1111' } },
    paymentInfo: { firstName: 'Alexandra', lastName: 'Rivera', address: '12 Chestnut St', city: 'Atlanta', state: 'GA', zipCode: '30316' },
  };
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { action: 'CPC_FORM_SUBMIT_RESPONSE', data } }));
  });
}

/** The card-entry component says its form is valid (Save is enabled only then, seed 002 §5). */
function formValid() {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: window.location.origin, data: { action: 'CPC_INFO_EVENT', data: { event: 'FORM_VALIDITY', valid: true } } }),
    );
  });
}

async function find(c = en, phone = '4045550201', zip = '30309') {
  await userEvent.type(await screen.findByRole('textbox', { name: c.phoneLabel }), phone);
  await userEvent.type(screen.getByRole('textbox', { name: c.zipLabel }), zip);
  await userEvent.click(screen.getByTestId('find-next'));
}

const events = () => (window.dataLayer ?? []) as { event: string }[];

describe('quick refill (seed 002 §2.11, §4.6)', () => {
  it('the entry goes to the refill page; the phone is masked, digits only; Next waits for both fields and relabels while locating', async () => {
    const calls: LitepayCall[] = [];
    server.use(...litepayHandlers({ lookups: [lookups.found], calls, lookupDelayMs: 60_000 }));
    const app = renderApp('/en/litepay');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/en/litepay/refill'));
    await screen.findByRole('heading', { level: 1, name: en.title });
    const phone = await screen.findByRole('textbox', { name: en.phoneLabel });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('maxlength', '16');
    expect(screen.getByRole('textbox', { name: en.zipLabel })).toHaveAttribute('maxlength', '5');
    await userEvent.type(phone, '404x5550201999');
    expect(phone).toHaveValue('(404) 555 - 0201');
    expect(screen.getByTestId('find-next')).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: en.zipLabel }), '3030');
    expect(screen.getByTestId('find-next')).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: en.zipLabel }), '9');
    await userEvent.click(screen.getByTestId('find-next'));
    expect(await screen.findByRole('button', { name: en.locating })).toBeDisabled();
    expect(within(screen.getByTestId('step-find')).getByText(en.updating)).toBeInTheDocument();
    expect(calls).toEqual([{ op: 'lookupLitepayAccount', body: { phone: '4045550201', zip: '30309' } }]);
    // step 3 waits for step 2
    expect(within(screen.getByTestId('step-confirm')).getByRole('button')).toBeDisabled();
  });

  it('found: step 1 complete, step 2 opens with the card entry and the promo banner, add-to-cart tracked', async () => {
    server.use(...litepayHandlers({ lookups: [lookups.promo] }));
    renderApp('/en/litepay/refill');
    await find();
    await screen.findByTitle(litepayTexts.en.payments.editPayment.cardEntryTitle);
    expect(screen.getByTestId('step-find')).toHaveAttribute('data-complete', 'true');
    expect(screen.getByTestId('promo-banner')).toHaveTextContent(en.promoBanner);
    expect(events()).toContainEqual({ event: 'addToCart', flowType: 'litepayrefillflow|prepaid', product: 'HSD_030', price: 45 });
    // the open step's heading closes it (one open at a time)
    await userEvent.click(within(screen.getByTestId('step-payment')).getByRole('button', { name: new RegExp(en.stepPayment) }));
    await waitFor(() => expect(screen.getByTestId('step-payment')).not.toHaveAttribute('data-expanded'));
  });

  it('outcomes: Preactivated and multiple accounts show their notices; a miss the help modal, a second miss the "unfortunate" warning', async () => {
    server.use(...litepayHandlers({ lookups: [lookups.preactivated, lookups.multiple, lookups.notLocated, lookups.notLocated] }));
    renderApp('/en/litepay/refill');
    await find();
    expect(await screen.findByTestId('lookup-notice')).toHaveTextContent(lookups.preactivated.message!);
    await userEvent.click(screen.getByTestId('find-next'));
    await waitFor(() => expect(screen.getByTestId('lookup-notice')).toHaveAttribute('data-notice', 'multipleAccounts'));
    expect(screen.getByTestId('lookup-notice')).toHaveTextContent(lookups.multiple.message!);
    await userEvent.click(screen.getByTestId('find-next'));
    await waitFor(() => expect(screen.getByTestId('lookup-notice')).toHaveAttribute('data-notice', 'notLocated'));
    expect(screen.queryByTestId('unfortunate')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.helpLink }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(en.help.title);
    await userEvent.click(screen.getByRole('button', { name: en.help.close }));
    await userEvent.click(screen.getByTestId('find-next'));
    expect(await screen.findByTestId('unfortunate')).toHaveTextContent(en.unfortunate);
    expect(screen.getByTestId('step-payment')).toHaveAttribute('data-disabled', 'true');
  });

  it('a card, the recap, the terms, one refill with a key on a double click, the confirmation with its analytics', async () => {
    const calls: LitepayCall[] = [];
    server.use(...litepayHandlers({ lookups: [lookups.found], submit: results.refilled, calls }));
    const app = renderApp('/en/litepay/refill');
    await find();
    await screen.findByTitle(litepayTexts.en.payments.editPayment.cardEntryTitle);
    cardEntryAnswers();
    const recap = await screen.findByTestId('card-recap');
    expect(recap).toHaveTextContent('xxxx-xxxx-xxxx-1111');
    expect(recap).toHaveTextContent('12 Chestnut St, Atlanta, GA 30316');
    expect(recap).toHaveTextContent('(xxx) xxx - 0201');
    const add = calls.find((c) => c.op === 'addLitepayPaymentInstrument');
    expect(add?.body).toMatchObject({ token: 'simtok_ok_1111', cardLast4Digits: '1111' });
    expect(add?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByTestId('litepay-summary')).toHaveTextContent('48.60');
    const confirm = screen.getByTestId('confirm-refill');
    expect(confirm).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: en.terms }));
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/en/litepay/order-confirmation'));
    const submits = calls.filter((c) => c.op === 'submitLitepayRefill');
    expect(submits).toHaveLength(1);
    expect(submits[0]!.body).toEqual({ termsAccepted: true });
    expect(submits[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await screen.findByRole('heading', { level: 1, name: en.confirmation.title });
    expect(screen.getByTestId('order-number')).toHaveTextContent('EZ00000001');
    expect(events()).toContainEqual({ event: 'purchase', flowType: 'litepayrefillflow|prepaid', product: 'HSD_030', revenue: 45 });
    expect(events()).toContainEqual({ event: 'impression', name: 'acp learn tile' });
    await userEvent.click(screen.getByRole('button', { name: new RegExp(en.confirmation.viewDetails) }));
    await screen.findByRole('button', { name: new RegExp(en.confirmation.closeDetails) });
  });

  it('a refused refill: its message inside step 2, which reopens and is scrolled to; the next attempt has a new key', async () => {
    const calls: LitepayCall[] = [];
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    server.use(...litepayHandlers({ located: refills.withCard, submits: [results.failed], submit: results.refilled, calls }));
    const app = renderApp('/en/litepay/refill');
    // a reload with a card added opens step 3
    fireEvent.click(await screen.findByRole('checkbox', { name: en.terms }));
    fireEvent.click(screen.getByTestId('confirm-refill'));
    expect(await screen.findByTestId('refill-error')).toHaveTextContent(results.failed.message);
    expect(within(screen.getByTestId('step-payment')).getByTestId('refill-error')).toBeInTheDocument();
    expect(screen.getByTestId('card-recap')).toBeInTheDocument();
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: en.continueLabel }));
    fireEvent.click(await screen.findByTestId('confirm-refill'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/en/litepay/order-confirmation'));
    const keys = calls.filter((c) => c.op === 'submitLitepayRefill').map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("payment errors (§4.3): the catalogue message and the BFF's 30 s wait, then 10 s; the third refusal leaves for the marketing site", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const refused = (failures: number, retryInMs: number) => ({ outcome: 'rejected' as const, message: 'Card refused.', lock: { failures, retryInMs } });
    server.use(
      ...litepayHandlers({
        located: refills.plain,
        cards: [refused(1, 30_000), refused(2, 10_000), { outcome: 'marketing', message: 'Card refused.', lock: { failures: 3, retryInMs: 0 } }],
      }),
    );
    renderApp('/en/litepay/refill');
    await screen.findByTitle(litepayTexts.en.payments.editPayment.cardEntryTitle);
    formValid();
    cardEntryAnswers();
    expect(await screen.findByTestId('card-alert')).toHaveTextContent('Card refused.');
    expect(await screen.findByTestId('retry-in')).toHaveTextContent(en.retryIn.replace('{seconds}', '30'));
    expect(screen.getByRole('button', { name: en.saveCard })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(screen.getByRole('button', { name: en.saveCard })).toBeEnabled());
    // the message goes with the wait
    await waitFor(() => expect(screen.queryByTestId('card-alert')).not.toBeInTheDocument());
    cardEntryAnswers();
    await waitFor(() => expect(screen.getByTestId('retry-in')).toHaveTextContent(en.retryIn.replace('{seconds}', '10')));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(screen.getByRole('button', { name: en.saveCard })).toBeEnabled());
    await waitFor(() => expect(screen.queryByTestId('card-alert')).not.toBeInTheDocument());
    cardEntryAnswers();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(en.marketingUrl));
    vi.unstubAllGlobals();
  });

  it("the page around the steps (§2.11): the what-is modal, other services, the plan-tier block, the sticky cart (1 item, Next opens the next step), Enter or Space toggling a step, the shell's header and five footer links; Spanish", async () => {
    server.use(...litepayHandlers({ located: refills.withCard }));
    renderApp('/es/litepay/refill');
    await screen.findByRole('heading', { level: 1, name: es.title });
    expect(screen.getByText(es.description)).toBeInTheDocument();
    // the sticky cart: always one item, the total the BFF priced, Next opens the first step not complete
    const cart = await screen.findByRole('complementary', { name: es.stickyCartLabel });
    expect(cart).toHaveTextContent(es.stickyCartItems.replace('{count}', '1'));
    await waitFor(() => expect(cart).toHaveTextContent('48.60'));
    await waitFor(() => expect(screen.getByTestId('step-confirm')).toHaveAttribute('data-expanded', 'true'));
    // the step's heading toggles it (its first button; the panel's is Confirm and refill)
    await userEvent.click(within(screen.getByTestId('step-confirm')).getAllByRole('button')[0]!);
    await waitFor(() => expect(screen.getByTestId('step-confirm')).not.toHaveAttribute('data-expanded'));
    await userEvent.click(within(cart).getByRole('button', { name: es.next }));
    await waitFor(() => expect(screen.getByTestId('step-confirm')).toHaveAttribute('data-expanded', 'true'));
    // Enter or Space on a step's heading toggles it
    act(() => within(screen.getByTestId('step-confirm')).getAllByRole('button')[0]!.focus());
    await userEvent.keyboard(' ');
    await waitFor(() => expect(screen.getByTestId('step-confirm')).not.toHaveAttribute('data-expanded'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('step-confirm')).toHaveAttribute('data-expanded', 'true'));
    // the "what is" modal
    await userEvent.click(screen.getByRole('button', { name: es.whatIsLink }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(es.whatIs.title);
    await userEvent.click(screen.getByRole('button', { name: es.whatIs.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // other services and the plan-tier block (the Spanish static label)
    expect(screen.getByRole('heading', { name: es.otherServicesTitle })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: es.broadbandLabel.regionLabel })).toHaveTextContent(es.broadbandLabel.staticLabel!.title);
    // its own shell: the sign-in link, the language switch to the same page, the menu, five legal links and the copyright
    expect(screen.getByRole('link', { name: es.accountLink.label })).toHaveAttribute('href', expect.stringContaining('/handoff'));
    expect(screen.getByRole('button', { name: es.menu })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: es.menu }));
    expect(screen.getByRole('button', { name: es.menu })).toHaveAttribute('aria-expanded', 'true');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getAllByRole('link')).toHaveLength(5);
    expect(footer).toHaveTextContent(esContent.all.footer.copyright);
    expect(screen.queryByText(/log ?out|cerrar sesión/i)).not.toBeInTheDocument();
  });

  it('the confirmation: print or save, the FAQ; no "acp learn tile" impression with a valid ACP benefit', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    server.use(...litepayHandlers({ confirmation: { ...confirmation, acpLearnTile: false } }));
    renderApp('/en/litepay/order-confirmation');
    await screen.findByRole('heading', { level: 1, name: en.confirmation.title });
    await userEvent.click(screen.getByRole('button', { name: en.confirmation.print }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: en.confirmation.faq.heading })).toBeInTheDocument();
    expect(events()).toContainEqual({ event: 'purchase', flowType: 'litepayrefillflow|prepaid', product: 'HSD_030', revenue: 45 });
    expect(events().some((e) => e.event === 'impression')).toBe(false);
    vi.unstubAllGlobals();
  });

  it('the confirmation without a refill goes back to the entry; Spanish texts and a warning refill', async () => {
    server.use(...litepayHandlers());
    const app = renderApp('/es/litepay/order-confirmation');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/es/litepay/refill'));
    await screen.findByRole('heading', { level: 1, name: es.title });
    server.use(...litepayHandlers({ confirmation: { ...confirmation, orderNumber: undefined, warning: true } }));
    renderApp('/es/litepay/order-confirmation');
    await screen.findByRole('heading', { level: 1, name: es.confirmation.title });
    expect(screen.getByTestId('refill-warning')).toHaveTextContent(es.confirmation.warning);
    expect(screen.queryByTestId('order-number')).not.toBeInTheDocument();
  });
});
