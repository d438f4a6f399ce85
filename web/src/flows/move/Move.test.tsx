import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { en as enContent } from '../../testing/content';
import { confirmation as refillConfirmation, offers, paymentInfos, results } from '../refill/fixtures';
import { refillHandlers, type RefillCall } from '../refill/handlers';
import { SUBMIT_DELAY_MS } from '../refill/ReviewPage';
import { checks, confirmations, moved, moveFailed, moves, moveTexts } from './fixtures';
import { moveHandlers, type MoveCall } from './handlers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...contentHandlers(content)));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const en = moveTexts.en.moving;
const es = moveTexts.es.moving;
const use = (move: Parameters<typeof moveHandlers>[0], refill: Partial<Parameters<typeof refillHandlers>[0]> = {}) =>
  server.use(...moveHandlers(move), ...refillHandlers({ offer: offers.plain, info: paymentInfos.saved, ...refill }));
const path = (app: ReturnType<typeof renderApp>) => app.router.state.location.pathname;

describe('move entry and date (seed 002 §2.8; seed 000 §2 move variant)', () => {
  it('checks the new address in the move variant, then a move today is created once and confirmed', async () => {
    const calls: MoveCall[] = [];
    use({
      move: moves.start,
      check: checks.serviceable,
      date: (d) => (d === moves.today.today ? moves.today : moves.later),
      create: moved(confirmations.today),
      calls,
    });
    const app = renderApp('/en/move');
    await screen.findByRole('heading', { level: 1, name: enContent.merchantFlow.addressCheck.moveHeading });
    expect(screen.getByTestId('move-from')).toHaveTextContent('1200 Peachtree St, Apt 4');
    await userEvent.type(await screen.findByRole('combobox'), '77 Elm St');
    await userEvent.type(screen.getByRole('textbox', { name: enContent.merchantFlow.addressCheck.zipLabel }), '30030');
    await userEvent.click(screen.getByRole('button', { name: enContent.merchantFlow.addressCheck.submit }));
    await screen.findByRole('heading', { level: 1, name: en.addressConfirmation.title });
    expect(calls[0]).toEqual({ op: 'checkMoveAddress', body: { addressLine1: '77 Elm St', zip: '30030' } });
    expect(screen.getByTestId('move-to')).toHaveTextContent('77 Elm St');
    await userEvent.click(screen.getByRole('link', { name: en.addressConfirmation.moveToday }));
    await userEvent.click(await screen.findByRole('button', { name: en.scheduleNow.continueLabel }));
    await screen.findByRole('heading', { level: 1, name: en.now.title });
    expect(calls[1]).toEqual({ op: 'setMoveDate', body: { moveDate: '2026-01-05' } });
    await userEvent.dblClick(screen.getByRole('button', { name: en.now.submit }));
    expect(await screen.findByTestId('confirmation-number')).toHaveTextContent('MV00012346');
    expect(path(app)).toBe('/en/move/now-confirmation');
    const creates = calls.filter((c) => c.op === 'createMove');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    // a move today can no longer be cancelled (the cutoff is the move day's start)
    expect(screen.queryByRole('button', { name: en.cancel })).not.toBeInTheDocument();
  });

  it('several units: the chosen unit is sent by its location id; a notice goes back to the form', async () => {
    const calls: MoveCall[] = [];
    use({ move: moves.start, check: checks.multiple, unit: checks.unserviceable, calls });
    renderApp('/en/move');
    await userEvent.type(await screen.findByRole('combobox'), '77 Elm St');
    await userEvent.type(screen.getByRole('textbox', { name: enContent.merchantFlow.addressCheck.zipLabel }), '30030');
    await userEvent.click(screen.getByRole('button', { name: enContent.merchantFlow.addressCheck.submit }));
    await userEvent.click(await screen.findByRole('radio', { name: /Apt 2/ }));
    await userEvent.click(screen.getByRole('button', { name: enContent.merchantFlow.multiUnit.confirm }));
    await screen.findByRole('heading', { level: 1, name: enContent.merchantFlow.unserviceable.heading });
    expect(calls[1]).toEqual({ op: 'chooseMoveUnit', body: { locationId: 'LOC00000002' } });
  });

  it('the date field wants a date and refuses a past one without a call; a later date that needs a refill leads to refill-required', async () => {
    const calls: MoveCall[] = [];
    use({ move: moves.destination, date: () => moves.refillRequired, calls });
    const app = renderApp('/en/move/schedule');
    await screen.findByRole('heading', { level: 1, name: en.schedule.title });
    const field = screen.getByLabelText(en.schedule.dateLabel);
    expect(field).toHaveAttribute('min', '2026-01-05');
    await userEvent.click(screen.getByRole('button', { name: en.schedule.continueLabel }));
    await screen.findByText(en.schedule.dateRequired);
    fireEvent.change(field, { target: { value: '2026-01-02' } });
    await userEvent.click(screen.getByRole('button', { name: en.schedule.continueLabel }));
    await screen.findByText(en.schedule.datePast);
    expect(calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: '2026-01-25' } });
    await userEvent.click(screen.getByRole('button', { name: en.schedule.continueLabel }));
    await screen.findByRole('heading', { level: 1, name: en.refillRequired.title });
    expect(calls).toEqual([{ op: 'setMoveDate', body: { moveDate: '2026-01-25' } }]);
    expect(path(app)).toBe('/en/move/refill-required');
    expect(screen.getByTestId('progress')).toHaveAttribute('data-percent', '33');
    expect(screen.getByTestId('edit-date')).toHaveAttribute('href', '/en/move/schedule');
    expect(screen.getByTestId('refill-disclosure')).toHaveTextContent(en.refillRequired.disclosure);
  });

  it('a refill page without a date goes to the schedule page; without a destination to the address entry', async () => {
    use({ move: moves.destination });
    const app = renderApp('/en/move/refill-required');
    await waitFor(() => expect(path(app)).toBe('/en/move/schedule'));
    server.use(...moveHandlers({ move: moves.start }));
    const other = renderApp('/en/move/address-confirmation');
    await waitFor(() => expect(path(other)).toBe('/en/move'));
  });
});

describe('move refill (seed 002 §2.8)', () => {
  it('Next with a saved card goes to the move review (66%), which pays once 500 ms after the press, then the confirmation (100%) continues to finalize', async () => {
    const calls: RefillCall[] = [];
    const moveCalls: MoveCall[] = [];
    server.use(
      ...moveHandlers({ move: moves.refillRequired, calls: moveCalls }),
      ...refillHandlers({ offer: offers.plain, info: paymentInfos.saved, order: results().refilled, confirmation: refillConfirmation(offers.plain.cart), calls }),
    );
    const app = renderApp('/en/move/refill-required');
    await userEvent.click(await screen.findByRole('button', { name: moveTexts.en.refill.customize.next }));
    await screen.findByRole('heading', { level: 1, name: en.refillReviewHeading });
    expect(path(app)).toBe('/en/move/refill-review');
    expect(screen.getByTestId('progress')).toHaveAttribute('data-percent', '66');
    await userEvent.click(screen.getByRole('checkbox', { name: moveTexts.en.refill.review.agreement }));
    // the move now holds the refill (the BFF's move mark)
    server.use(...moveHandlers({ move: moves.refilled }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.dblClick(screen.getByRole('button', { name: moveTexts.en.refill.review.submit }));
    expect(calls.filter((c) => c.op === 'submitRefill')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SUBMIT_DELAY_MS);
    vi.useRealTimers();
    await screen.findByRole('heading', { level: 1, name: en.refillConfirmation.heading });
    expect(calls.filter((c) => c.op === 'submitRefill')).toHaveLength(1);
    expect(screen.getByTestId('progress')).toHaveAttribute('data-percent', '100');
    expect(screen.getByTestId('refill-expiry')).toHaveTextContent('2/19/2026');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$48.15');
    expect(screen.getByTestId('continue-move')).toHaveAttribute('href', '/en/move/schedule-finalize');
  });

  it('the confirmation button follows the date: today to move/now, none to address-confirmation; no refill: /move', async () => {
    use({ move: { ...moves.refilled, schedule: { ...moves.refilled.schedule, moveDate: '2026-01-05', when: 'today' }, next: 'now' } });
    const first = renderApp('/en/move/refill-confirmation');
    expect(await screen.findByTestId('continue-move')).toHaveAttribute('href', '/en/move/now');
    first.unmount();
    server.use(...moveHandlers({ move: { ...moves.refilled, schedule: undefined, next: 'addressConfirmation' } }));
    const second = renderApp('/es/move/refill-confirmation');
    expect(await screen.findByTestId('continue-move')).toHaveAttribute('href', '/es/move/address-confirmation');
    expect(screen.getByRole('heading', { level: 1, name: es.refillConfirmation.heading })).toBeInTheDocument();
    second.unmount();
    server.use(...moveHandlers({ move: moves.destination }));
    const none = renderApp('/en/move/refill-confirmation');
    await waitFor(() => expect(path(none)).toBe('/en/move'));
  });
});

describe('schedule and cancel (seed 002 §2.8, §4.4)', () => {
  it('finalize schedules the move; the confirmation shows number, addresses, dates and cancels through the modal', async () => {
    const calls: MoveCall[] = [];
    use({ move: moves.later, create: moved(confirmations.later), calls });
    const app = renderApp('/en/move/schedule-finalize');
    expect(await screen.findByRole('link', { name: `${en.editDate}: ${en.moveDateLabel}` })).toHaveAttribute('href', '/en/move/schedule');
    await userEvent.click(screen.getByRole('button', { name: en.finalize.submit }));
    await screen.findByRole('heading', { level: 1, name: en.scheduleConfirmation.title });
    expect(path(app)).toBe('/en/move/schedule-confirmation');
    expect(screen.getByTestId('confirmation-number')).toHaveTextContent('MV00012345');
    expect(screen.getByTestId('move-to')).toHaveTextContent('Decatur, GA 30030');
    expect(screen.getByTestId('move-from')).toHaveTextContent('Atlanta, GA 30309');
    expect(screen.getByTestId('move-date')).toHaveTextContent('1/25/2026');
    expect(screen.getByTestId('move-cancel-by')).toHaveTextContent('1/24/2026');
    await userEvent.click(screen.getByRole('button', { name: en.cancel }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: en.cancelModal.confirm }));
    await waitFor(() => expect(path(app)).toBe('/en/dashboard'));
    expect(calls.filter((c) => c.op === 'cancelScheduledMove')).toHaveLength(1);
  });

  it('a failed move goes to the error page; a reload of the confirmation without a move goes to the dashboard', async () => {
    use({ move: moves.later, create: moveFailed });
    const app = renderApp('/en/move/schedule-finalize');
    await userEvent.click(await screen.findByRole('button', { name: en.finalize.submit }));
    await waitFor(() => expect(path(app)).toBe('/en/error'));
    server.use(...moveHandlers({ move: moves.later }));
    const again = renderApp('/en/move/schedule-confirmation');
    await waitFor(() => expect(path(again)).toBe('/en/dashboard'));
  });

  it('Spanish confirmation; a move already scheduled goes to the notifications page; not available shows its message', async () => {
    use({ move: moves.later, confirmation: confirmations.later });
    renderApp('/es/move/schedule-confirmation');
    await screen.findByRole('heading', { level: 1, name: es.scheduleConfirmation.title });
    expect(screen.getByRole('button', { name: es.cancel })).toBeInTheDocument();
    server.use(...moveHandlers({ move: { errorCode: 'MOVE_ALREADY_SCHEDULED', status: 409 } }));
    const scheduled = renderApp('/en/move');
    await waitFor(() => expect(path(scheduled)).toBe('/en/dashboard/notifications'));
    server.use(...moveHandlers({ move: { errorCode: 'MOVE_NOT_AVAILABLE', status: 409, message: 'Not online.' } }));
    renderApp('/en/move');
    await screen.findByRole('heading', { level: 1, name: 'Not online.' });
  });
});
