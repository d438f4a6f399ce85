import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { changes, history, infos, paymentsContent } from './fixtures';
import { paymentsHandlers, type PaymentsCall } from './handlers';
import { SUCCESS_DELAY_MS } from './AutoRefillPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...contentHandlers(content)));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const en = paymentsContent.en;
const es = paymentsContent.es;

/** What the card-entry component posts when its form is submitted (seed 000 §7 protocol). */
function cardEntryAnswers(last4 = '1111') {
  const data = {
    status: 'SUCCESS',
    cpcData: {
      cardDetails: { token: `simtok_ok_${last4}`, expirationDate: '1230', cardType: 'visa', cardLast4Digits: last4 },
      customerDetails: { firstName: 'Alexandra', lastName: 'Rivera' },
    },
    paymentInfo: { firstName: 'Alexandra', lastName: 'Rivera', address: '12 Chestnut St', addressLine2: '', city: 'Atlanta', state: 'GA', zipCode: '30316' },
  };
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { action: 'CPC_FORM_SUBMIT_RESPONSE', data } }));
  });
}

describe('edit payment (seed 002 §2.9, seed 001 §4 "Payment instrument")', () => {
  it.each([
    ['en', en],
    ['es', es],
  ] as const)('%s: the saved card masked, Edit shows the card entry and Cancel hides it', async (locale, c) => {
    server.use(...paymentsHandlers({ info: infos.saved }));
    renderApp(`/${locale}/dashboard/edit-payment`);
    await screen.findByRole('heading', { level: 1, name: c.editPayment.title });
    expect(screen.getByTestId('saved-card')).toHaveTextContent('xxxx-xxxx-xxxx-1234');
    expect(screen.getByTestId('saved-card')).toHaveTextContent(c.cardTypes.visa);
    expect(screen.queryByTitle(c.editPayment.cardEntryTitle)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: c.editPayment.edit }));
    expect(screen.getByTitle(c.editPayment.cardEntryTitle)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: c.editPayment.newCardHeading })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: c.editPayment.cancel }));
    expect(screen.queryByTitle(c.editPayment.cardEntryTitle)).not.toBeInTheDocument();
  });

  it('no card: the card entry; its token is sent once, with a key, never a card number', async () => {
    const calls: PaymentsCall[] = [];
    server.use(...paymentsHandlers({ info: infos.noCard, change: changes.done, calls }));
    renderApp('/en/dashboard/edit-payment');
    await screen.findByText(en.editPayment.noCard);
    expect(screen.getByTitle(en.editPayment.cardEntryTitle)).toBeInTheDocument();
    cardEntryAnswers('1111');
    await screen.findByText(en.editPayment.saved);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.op).toBe('payment-instrument');
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]!.body).toMatchObject({ token: 'simtok_ok_1111', cardLast4Digits: '1111', billing: { zipCode: '30316' } });
    expect(JSON.stringify(calls[0]!.body)).not.toMatch(/cardNumber|cvv/i);
  });

  it('a saved card is replaced through update', async () => {
    const calls: PaymentsCall[] = [];
    server.use(...paymentsHandlers({ info: infos.saved, change: changes.done, calls }));
    renderApp('/en/dashboard/edit-payment');
    await userEvent.click(await screen.findByRole('button', { name: en.editPayment.edit }));
    cardEntryAnswers('4444');
    await waitFor(() => expect(calls.map((c) => c.op)).toEqual(['payment-instrument/update']));
  });

  it('remove: the removed message', async () => {
    const calls: PaymentsCall[] = [];
    server.use(...paymentsHandlers({ info: infos.saved, change: changes.removed, calls }));
    renderApp('/en/dashboard/edit-payment');
    await userEvent.click(await screen.findByRole('button', { name: en.editPayment.remove }));
    await screen.findByText(en.editPayment.removed);
    expect(calls.map((c) => c.op)).toEqual(['payment-instrument/remove']);
  });

  it('es: a refusal shows the catalogue message in an alert and disables the form for 30 s', async () => {
    server.use(...paymentsHandlers({ info: infos.saved, change: changes.rejected }));
    renderApp('/es/dashboard/edit-payment');
    await userEvent.click(await screen.findByRole('button', { name: es.editPayment.remove }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(changes.rejected.message);
    expect(within(alert).getByTestId('retry-in')).toHaveTextContent(es.editPayment.retryIn.replace('{seconds}', '30'));
    expect(screen.getByRole('button', { name: es.editPayment.remove })).toBeDisabled();
  });

  it('the form is enabled again when the wait the BFF gave ends (30 s after a first refusal)', async () => {
    // only the clock is fake, and it stands still: the page's once-a-second tick reads it
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    server.use(...paymentsHandlers({ info: infos.saved, change: changes.rejected }));
    renderApp('/en/dashboard/edit-payment');
    const remove = await screen.findByRole('button', { name: en.editPayment.remove });
    await userEvent.click(remove);
    const retry = (s: number) => en.editPayment.retryIn.replace('{seconds}', String(s));
    expect(await screen.findByTestId('retry-in')).toHaveTextContent(retry(30));
    vi.setSystemTime(start + 25_000);
    expect(await screen.findByText(retry(5))).toBeInTheDocument();
    expect(remove).toBeDisabled();
    vi.setSystemTime(start + 30_000);
    await waitFor(() => expect(remove).toBeEnabled());
    expect(screen.queryByTestId('retry-in')).not.toBeInTheDocument();
  });

  it('a second refusal: the 10 s wait the BFF gives, then enabled', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const second = { ...changes.rejected, lock: { failures: 2, retryInMs: 10_000 } };
    server.use(...paymentsHandlers({ info: infos.saved, change: second }));
    renderApp('/es/dashboard/edit-payment');
    const remove = await screen.findByRole('button', { name: es.editPayment.remove });
    await userEvent.click(remove);
    expect(await screen.findByTestId('retry-in')).toHaveTextContent(es.editPayment.retryIn.replace('{seconds}', '10'));
    expect(remove).toBeDisabled();
    vi.setSystemTime(start + 10_000);
    await waitFor(() => expect(remove).toBeEnabled());
  });

  it('a wait the BFF still counts after a reload keeps the form disabled', async () => {
    server.use(...paymentsHandlers({ info: infos.locked }));
    renderApp('/en/dashboard/edit-payment');
    expect(await screen.findByRole('button', { name: en.editPayment.remove })).toBeDisabled();
  });

  it('the third refusal goes back to the dashboard', async () => {
    server.use(...paymentsHandlers({ info: infos.saved, change: changes.dashboard }));
    const app = renderApp('/en/dashboard/edit-payment');
    await userEvent.click(await screen.findByRole('button', { name: en.editPayment.remove }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/en/dashboard'));
  });
});

describe('auto-refill (seed 001 §4 "Auto-refill", seed 002 §2.7)', () => {
  it.each([
    ['en', en],
    ['es', es],
  ] as const)('%s: the terms enable Enrol; enrolled after 800 ms', async (locale, c) => {
    const calls: PaymentsCall[] = [];
    server.use(...paymentsHandlers({ info: infos.saved, change: changes.enrolled, calls }));
    renderApp(`/${locale}/dashboard/auto-refill`);
    const enrol = await screen.findByRole('button', { name: c.autoRefill.enrol });
    expect(enrol).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: c.autoRefill.terms }));
    expect(enrol).toBeEnabled();
    await userEvent.click(enrol);
    await screen.findByText(c.autoRefill.enrolled);
    expect(calls).toMatchObject([{ op: 'auto-refill/enrol', body: { termsAccepted: true } }]);
  });

  it('the success message shows no sooner than 800 ms after the answer', async () => {
    let answeredAt = 0;
    server.use(
      // before the others: the first handler that matches answers
      http.post('*/secure2/accounts/:accountId/auto-refill/cancel', () => {
        answeredAt = performance.now();
        return HttpResponse.json(changes.cancelled);
      }),
      ...paymentsHandlers({ info: infos.enrolled, change: changes.cancelled }),
    );
    renderApp('/en/dashboard/auto-refill');
    fireEvent.click(await screen.findByRole('button', { name: en.autoRefill.cancel }));
    await screen.findByText(en.autoRefill.disabled);
    // a lower bound only: a busy machine can show it later, never sooner
    expect(answeredAt).toBeGreaterThan(0);
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(SUCCESS_DELAY_MS);
  });

  it('cancel needs no terms: "Successfuly disabled auto-refill" (the seed\'s spelling)', async () => {
    server.use(...paymentsHandlers({ info: infos.enrolled, change: changes.cancelled }));
    renderApp('/en/dashboard/auto-refill');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: en.autoRefill.cancel }));
    await screen.findByText('Successfuly disabled auto-refill');
  });

  it.each([
    ['en', en],
    ['es', es],
  ] as const)('%s: no saved card (BUS_PMT_006): a card first, no Enrol and never a payment failure', async (locale, c) => {
    const calls: PaymentsCall[] = [];
    server.use(...paymentsHandlers({ info: infos.noCard, change: changes.noCard, calls }));
    renderApp(`/${locale}/dashboard/auto-refill`);
    const add = await screen.findByRole('link', { name: c.autoRefill.addCard });
    expect(add).toHaveAttribute('href', expect.stringContaining(`/${locale}/dashboard/edit-payment`));
    expect(screen.queryByRole('button', { name: c.autoRefill.enrol })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: c.autoRefill.terms })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('auto-refill-status')).toHaveTextContent(c.autoRefill.statusOff);
    expect(calls).toEqual([]);
  });

  it('not offered: why, no Enrol', async () => {
    server.use(...paymentsHandlers({ info: infos.notOffered }));
    renderApp('/es/dashboard/auto-refill');
    await screen.findByText(es.autoRefill.notOffered);
    expect(screen.queryByRole('button', { name: es.autoRefill.enrol })).not.toBeInTheDocument();
  });
});

describe('payment history (seed 001 §2 "Payment history")', () => {
  it('es: groups with m/d/yyyy dates and totals; pages with ellipses above 7', async () => {
    server.use(...paymentsHandlers({ info: infos.saved, history: (p) => history(100, p) }));
    renderApp('/es/dashboard/payment-history');
    await screen.findByRole('heading', { level: 1, name: es.history.title });
    const groups = await screen.findAllByTestId('history-group');
    expect(groups[0]).toHaveTextContent('3/1/2026');
    expect(groups[0]).toHaveTextContent('Total: $60.00');
    expect(screen.getAllByTestId('history-item')).toHaveLength(12);
    const nav = screen.getByRole('navigation', { name: es.history.paginationLabel });
    expect(within(nav).getByRole('button', { name: 'Página 9' })).toBeInTheDocument();
    expect(nav).toHaveTextContent('…');
    await userEvent.click(within(nav).getByRole('button', { name: 'Página 9' }));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(4));
    expect(within(nav).getByRole('button', { name: 'Página 9' })).toHaveAttribute('aria-current', 'page');
  });

  it('no payments: the empty text, no pagination', async () => {
    server.use(...paymentsHandlers({ info: infos.saved, history: (p) => history(0, p) }));
    renderApp('/en/dashboard/payment-history');
    await screen.findByText(en.history.empty);
    expect(screen.queryByRole('navigation', { name: en.history.paginationLabel })).not.toBeInTheDocument();
  });

  it('a failed fetch goes to the error page', async () => {
    server.use(...paymentsHandlers({ info: infos.saved }));
    const app = renderApp('/en/dashboard/payment-history');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/en/error'), { timeout: 5000 });
  });
});
