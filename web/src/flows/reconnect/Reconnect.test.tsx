import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { AppRouter, memoryHistory } from '../../app/router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { ACCOUNT_ID, AUX_ID, checks, failedResult, reconnected, reconnectTexts } from './fixtures';
import { reconnectHandlers, type ReconnectCall } from './handlers';
import { Steps } from './ReconnectScreen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...contentHandlers(content)));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const en = reconnectTexts.en.reconnect;
const es = reconnectTexts.es.reconnect;

describe('reconnect (seed 002 §2.10, §4.5)', () => {
  it('stages the steps, pays the chosen plan once with a key, then links to reactivation', async () => {
    const calls: ReconnectCall[] = [];
    server.use(...reconnectHandlers({ check: checks.saved, submit: { ...reconnected, plan: 'HSD_007', total: 16.2 }, calls }));
    renderApp('/en/reconnect?bhr=true');
    await screen.findByRole('heading', { level: 1, name: en.title });
    // step 1 completes by itself, then step 2 opens; step 3 waits for step 2
    await waitFor(() => expect(screen.getByTestId('step-address')).toHaveAttribute('data-complete', 'true'));
    const plan7 = await screen.findByRole('radio', { name: new RegExp(en.plan7) });
    expect(screen.getByRole('radio', { name: new RegExp(en.plan30) })).toBeChecked();
    expect(within(screen.getByTestId('step-activation')).getByRole('button')).toBeDisabled();
    expect(screen.getByTestId('reconnect-total')).toHaveTextContent('48.60');
    await userEvent.click(plan7);
    expect(screen.getByTestId('reconnect-total')).toHaveTextContent('16.20');
    await userEvent.dblClick(screen.getByRole('button', { name: /16\.20/ }));
    expect(await screen.findByTestId('thank-you')).toHaveTextContent(en.thankYouTitle);
    const submits = calls.filter((c) => c.op === 'submitReconnect');
    expect(submits).toHaveLength(1);
    expect(submits[0]!.body).toEqual({ plan: 'HSD_007' });
    expect(submits[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const link = await screen.findByRole('link', { name: en.continueLabel });
    expect(link).toHaveAttribute('href', `/en/activation?accountId=${btoa(AUX_ID)}&guid=&bhr=true&mobile=false`);
  });

  it('the staging on the clock: step 1 completes at 0.5 s, step 2 opens at 1 s (seed 002 §2.10, §9)', () => {
    // the steps alone, on fake timers: nothing moves but the clock, so each state is held
    vi.useFakeTimers();
    render(
      <Providers>
        <AppRouter history={memoryHistory('/en/reconnect')}>
          <Steps accountId={ACCOUNT_ID} check={checks.saved} texts={reconnectTexts.en} locale="en" search={new URLSearchParams()} />
        </AppRouter>
      </Providers>,
    );
    const address = screen.getByTestId('step-address');
    const refill = screen.getByTestId('step-refill');
    expect(address).toHaveAttribute('data-complete', 'false');
    act(() => void vi.advanceTimersByTime(499));
    expect(address).toHaveAttribute('data-complete', 'false');
    act(() => void vi.advanceTimersByTime(1));
    expect(address).toHaveAttribute('data-complete', 'true');
    expect(refill).not.toHaveAttribute('data-expanded');
    // until it opens, step 2 keeps its panel's room, so opening it moves nothing below
    expect(refill).toHaveAttribute('data-holds-room', 'true');
    act(() => void vi.advanceTimersByTime(499));
    expect(refill).not.toHaveAttribute('data-expanded');
    act(() => void vi.advanceTimersByTime(1));
    expect(refill).toHaveAttribute('data-expanded', 'true');
    expect(refill).not.toHaveAttribute('data-holds-room');
    // step 1 stays open: step 2 does not move up
    expect(address).toHaveAttribute('data-expanded', 'true');
    expect(within(screen.getByTestId('step-activation')).getByRole('button')).toBeDisabled();
  });

  it('without a saved card the card entry shows; a saved card then pays', async () => {
    server.use(...reconnectHandlers({ check: checks.noCard }));
    renderApp('/en/reconnect');
    await screen.findByTitle(reconnectTexts.en.payments.editPayment.cardEntryTitle);
    expect(screen.queryByRole('button', { name: /48\.60/ })).not.toBeInTheDocument();
  });

  it('a cold tap shows the warning only; a failed tax lookup says the total is the price', async () => {
    server.use(...reconnectHandlers({ check: { ...checks.noTax, serviceability: 'coldTap' } }));
    renderApp('/en/reconnect');
    expect(await screen.findByTestId('cold-tap')).toHaveTextContent(en.coldTapWarning);
    expect(await screen.findByTestId('reconnect-total')).toHaveTextContent(en.taxesUnavailable);
    expect(screen.getByTestId('reconnect-total')).toHaveTextContent('45.00');
  });

  it('not reconnect-eligible: the not-available message (the BFF catalogue text)', async () => {
    server.use(...reconnectHandlers({ check: { errorCode: 'RECONNECT_NOT_AVAILABLE', status: 409, message: 'Not online.' } }));
    renderApp('/en/reconnect');
    await screen.findByRole('heading', { level: 1, name: en.notAvailableTitle });
    expect(screen.getByRole('alert')).toHaveTextContent('Not online.');
  });

  it('a serviceability stop or a failed reconnect is the error page', async () => {
    server.use(...reconnectHandlers({ check: { errorCode: 'RECONNECT_NOT_SERVICEABLE', status: 409 } }));
    const app = renderApp('/en/reconnect');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/en/error'));
    server.use(...reconnectHandlers({ check: checks.saved, submit: failedResult }));
    const again = renderApp('/en/reconnect');
    await userEvent.click(await screen.findByRole('button', { name: /48\.60/ }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/en/error'));
  });

  it('a reload after the reconnect shows the thank-you and the link; Spanish texts', async () => {
    server.use(...reconnectHandlers({ check: checks.done }));
    renderApp('/es/reconnect');
    await screen.findByRole('heading', { level: 1, name: es.title });
    expect(await screen.findByTestId('thank-you')).toHaveTextContent(es.thankYouTitle);
    expect(await screen.findByRole('link', { name: es.continueLabel })).toHaveAttribute('href', expect.stringContaining(`/es/activation?accountId=${btoa(AUX_ID)}`));
  });
});
