import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { markAction } from '../../lib/accountSession';
import { leaveApp } from '../../lib/leave';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { ACCOUNT_B64, activationContent, activations, results } from './fixtures';
import { activationHandlers, type ActivationCall } from './handlers';
import { ACTIVATION_ERROR_REDIRECT_MS, FIXED_LOGOUT_MS, PING_INTERVAL_MS, STEP_MS } from './timers';

vi.mock('../../lib/leave', () => ({ leaveApp: vi.fn() }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() =>
  server.use(
    ...contentHandlers(content),
    // where a success leads: the dashboard, not the subject here
    http.get('*/secure2/accounts/:accountId/dashboard', () => delay('infinite')),
  ),
);
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.mocked(leaveApp).mockClear();
});
afterAll(() => server.close());

const en = activationContent.en;
const es = activationContent.es;
const link = (locale: string, extra = '') => `/${locale}/activation?accountId=${encodeURIComponent(ACCOUNT_B64)}${extra}`;
const activateButton = (c = en) => screen.getByRole('button', { name: c.activate.button });

describe('activation steps (seed 001 §4 "Activation", §5)', () => {
  it('en, modem located: the steps complete by themselves, Activate, the success banner, then the dashboard', async () => {
    const calls: ActivationCall[] = [];
    server.use(...activationHandlers({ entry: activations.found, result: results.success, calls }));
    const { router } = renderApp(link('en', '&guid=Z3VpZA%3D%3D'));
    await screen.findByRole('heading', { level: 1, name: en.page.title });
    expect(screen.queryByRole('heading', { name: new RegExp(en.steps.accountNameTitle) })).not.toBeInTheDocument();
    expect(activateButton()).toBeDisabled();
    expect(await screen.findByTestId('device-located')).toHaveTextContent('A4:B1:00:00:02:02');
    await waitFor(() => expect(activateButton()).toBeEnabled());
    expect(screen.getByTestId('step-account')).toHaveAttribute('data-complete', 'true');
    expect(screen.getByTestId('account-id')).toHaveTextContent('8993100000000202');
    expect(calls.find((c) => c.op === 'getActivation')?.body).toEqual({ guid: 'Z3VpZA==' });
    await userEvent.click(activateButton());
    await screen.findByRole('heading', { level: 1, name: en.activate.successTitle });
    expect(calls.find((c) => c.op === 'activateAccount')?.body).toEqual({ firstName: '', lastName: '', language: 'ENGLISH' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/dashboard'), { timeout: 3_000 });
    expect(router.state.location.search).toBe(`?accountId=${encodeURIComponent(ACCOUNT_B64)}`);
    expect(calls.filter((c) => c.op === 'ping')).toHaveLength(0);
  });

  it('the steps complete in turn: the account id at 0.5 s, the located device at 1.5 s (no name step)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(...activationHandlers({ entry: activations.found }));
    renderApp(link('en'));
    const account = await screen.findByTestId('step-account');
    const device = screen.getByTestId('step-device');
    expect(account).toHaveAttribute('data-complete', 'false');
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS[0]));
    expect(account).toHaveAttribute('data-complete', 'true');
    expect(device).toHaveAttribute('data-complete', 'false');
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS[1] - STEP_MS[0]));
    expect(device).toHaveAttribute('data-complete', 'false');
    expect(activateButton()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS[2] - STEP_MS[1]));
    expect(device).toHaveAttribute('data-complete', 'true');
    expect(activateButton()).toBeEnabled();
    expect(screen.getByRole('button', { name: new RegExp(en.steps.deviceTitle) })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a busy phone whose three turns fire at once still opens every step, the VAN name step too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(...activationHandlers({ entry: activations.van }));
    renderApp(link('en'));
    await screen.findByTestId('step-name');
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS[2]));
    expect(screen.getByRole('button', { name: new RegExp(en.steps.accountNameTitle) })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: en.steps.firstName })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(en.steps.deviceTitle) })).toHaveAttribute('aria-expanded', 'true');
  });

  it('es, modem not located: the MAC formatted as typed, Submit at 17 characters, then Activate', async () => {
    const calls: ActivationCall[] = [];
    server.use(...activationHandlers({ entry: activations.notLocated, result: results.success, calls }));
    renderApp(link('es'));
    const field = await screen.findByRole('textbox', { name: es.steps.macLabel }, { timeout: 20_000 });
    expect(field).toHaveAttribute('placeholder', '12:34:56:78:90:AB');
    expect(screen.getByText(es.steps.deviceNotLocated)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: es.steps.macSubmit });
    await userEvent.type(field, 'a4b1-0000-02');
    expect(field).toHaveValue('A4:B1:00:00:02');
    expect(submit).toBeDisabled();
    await userEvent.type(field, '02zz99');
    expect(field).toHaveValue('A4:B1:00:00:02:02');
    expect(activateButton(es)).toBeDisabled();
    await userEvent.click(submit);
    expect(await screen.findByTestId('mac-accepted')).toHaveTextContent('A4:B1:00:00:02:02');
    expect(calls.find((c) => c.op === 'validateMac')?.body).toEqual({ mac: 'A4:B1:00:00:02:02' });
    await waitFor(() => expect(activateButton(es)).toBeEnabled());
    await userEvent.click(activateButton(es));
    await screen.findByRole('heading', { level: 1, name: es.activate.successTitle });
    expect(calls.find((c) => c.op === 'activateAccount')?.body).toEqual({ firstName: '', lastName: '', language: 'SPANISH' });
  });

  it('a MAC not recognised: maCAddressSubmissionErrorAlert and its analytics event; Activate stays off', async () => {
    server.use(...activationHandlers({ entry: activations.notLocated, mac: 'failure' }));
    renderApp(link('en'));
    const field = await screen.findByRole('textbox', { name: en.steps.macLabel });
    await userEvent.type(field, '123456789012');
    await userEvent.click(screen.getByRole('button', { name: en.steps.macSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.steps.maCAddressSubmissionErrorAlert);
    expect(window.dataLayer).toContainEqual({ event: 'macNotRecognized', call: 'validateMac' });
    expect(JSON.stringify(window.dataLayer)).not.toContain('12:34:56');
    expect(activateButton()).toBeDisabled();
    expect(screen.getByTestId('step-device')).toHaveAttribute('data-complete', 'false');
  });

  it('es, VAN account: the account name step needs both names, which are sent with the language', async () => {
    const calls: ActivationCall[] = [];
    server.use(...activationHandlers({ entry: activations.van, result: results.success, calls }));
    renderApp(link('es'));
    const first = await screen.findByRole('textbox', { name: es.steps.firstName });
    const last = screen.getByRole('textbox', { name: es.steps.lastName });
    await screen.findByTestId('device-located');
    expect(activateButton(es)).toBeDisabled();
    await userEvent.click(first);
    await userEvent.tab();
    await screen.findByText(es.steps.nameRequired);
    await userEvent.type(first, 'Ana');
    expect(activateButton(es)).toBeDisabled();
    await userEvent.type(last, ' Ruiz ');
    await waitFor(() => expect(activateButton(es)).toBeEnabled());
    expect(screen.getByTestId('step-name')).toHaveAttribute('data-complete', 'true');
    await userEvent.click(activateButton(es));
    await screen.findByRole('heading', { level: 1, name: es.activate.successTitle });
    expect(calls.find((c) => c.op === 'activateAccount')?.body).toEqual({ firstName: 'Ana', lastName: 'Ruiz', language: 'SPANISH' });
  });
});

describe('activation outcome (seed 001 §4 "Activation", §8)', () => {
  it('a failed activation goes to the activation error page', async () => {
    server.use(...activationHandlers({ entry: activations.found, result: results.failure }));
    const { router } = renderApp(link('en'));
    await waitFor(() => expect(activateButton()).toBeEnabled());
    await userEvent.click(activateButton());
    await screen.findByRole('heading', { level: 1, name: en.error.title });
    expect(router.state.location.pathname).toBe('/en/activation/error');
    expect(screen.getByRole('link', { name: en.error.link })).toHaveAttribute('href', en.error.linkUrl);
  });

  it('behind the modem: the ping file every 10 s until it answers 200, then success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: ActivationCall[] = [];
    server.use(...activationHandlers({ entry: activations.bhr, result: results.success, pingFailures: 2, calls }));
    const { container } = renderApp(link('en', '&bhr=true'));
    await waitFor(() => expect(activateButton()).toBeEnabled());
    await userEvent.click(activateButton());
    await screen.findByText(en.activate.waitingForModem);
    const pings = () => calls.filter((c) => c.op === 'ping').length;
    await waitFor(() => expect(pings()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 500));
    expect(pings()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(pings()).toBe(2));
    expect(container.querySelector('[data-page="activation"]')).toHaveAttribute('data-stage', 'waiting-for-modem');
    await act(() => vi.advanceTimersByTimeAsync(PING_INTERVAL_MS));
    await screen.findByRole('heading', { level: 1, name: en.activate.successTitle });
    expect(pings()).toBe(3);
  });

  it('getActivation answering next: error goes to the error page after 3 s', async () => {
    server.use(...activationHandlers({ entry: activations.error }));
    const { router } = renderApp(link('es'));
    await screen.findByText(es.page.loading);
    expect(router.state.location.pathname).toBe('/es/activation');
    await screen.findByRole('heading', { level: 1, name: es.error.title }, { timeout: 6_000 });
    expect(router.state.location.pathname).toBe('/es/activation/error');
  });

  it('the activation content failing goes to the error page, no sooner than 3 s after', async () => {
    let failedAt = 0;
    server.use(
      http.get('*/-/api/:site/activation', () => {
        failedAt = performance.now();
        return HttpResponse.json({ errorCode: 'UPSTREAM_ERROR', message: 'UPSTREAM_ERROR', requestId: 'test' }, { status: 502 });
      }),
      ...activationHandlers({ entry: activations.found }),
    );
    const { router } = renderApp(link('en'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/activation/error'), { timeout: 8_000 });
    // a lower bound only: a busy machine can go later, never sooner
    expect(failedAt).toBeGreaterThan(0);
    expect(performance.now() - failedAt).toBeGreaterThanOrEqual(ACTIVATION_ERROR_REDIRECT_MS);
  });

  it('getActivation failing (502) goes to the error page too, the failure reported', async () => {
    server.use(...activationHandlers({ entry: { errorCode: 'UPSTREAM_ERROR', status: 502 } }));
    renderApp(link('en'));
    await screen.findByRole('heading', { level: 1, name: en.error.title }, { timeout: 6_000 });
    expect(window.dataLayer).toContainEqual({ event: 'apiError', call: 'getActivation', errorCode: 'UPSTREAM_ERROR', errorMessage: 'UPSTREAM_ERROR' });
  });
});

describe('activation entry checks (seed 001 §4 "Activation", §6)', () => {
  it('a non-owner goes to the permission-error page', async () => {
    server.use(...activationHandlers({ entry: { errorCode: 'PERMISSION_DENIED', status: 403 } }));
    const { router } = renderApp(link('en'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/permission-error'));
  });

  it.each([
    ['missing', '/en/activation'],
    ['not base64 of 16 digits', `/en/activation?accountId=${btoa('1234')}`],
    ['undecodable', '/en/activation?accountId=%%%'],
  ])('an accountId %s goes to the error page at once, with no call', async (_what, path) => {
    const calls: ActivationCall[] = [];
    server.use(...activationHandlers({ entry: activations.found, calls }));
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: en.error.title });
    expect(router.state.location.pathname).toBe('/en/activation/error');
    expect(calls.filter((c) => c.op === 'getActivation')).toHaveLength(0);
  });
});

describe('activation timers (seed 001 §4 "Session and timeout", §9)', () => {
  it('the fixed 15-minute timer signs out as expired even while the customer is active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: ActivationCall[] = [];
    server.use(...activationHandlers({ entry: activations.notLocated, calls }));
    renderApp(link('es'));
    const field = await screen.findByRole('textbox', { name: es.steps.macLabel });
    act(() => markAction());
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    // input restarts the inactivity timer (and a call the shell's), not the fixed one
    fireEvent.keyDown(field, { key: 'A' });
    act(() => markAction());
    await act(() => vi.advanceTimersByTimeAsync(FIXED_LOGOUT_MS - 600_000 - 5_000));
    expect(calls.find((c) => c.op === 'signOut')).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await screen.findByText(es.timeout.loggingOut);
    await waitFor(() => expect(calls.find((c) => c.op === 'signOut')?.body).toEqual({ locale: 'es', expired: true }));
    expect(window.dataLayer).toContainEqual({ event: 'sessionTimeout', cause: 'activation' });
    await waitFor(() => expect(leaveApp).toHaveBeenCalled());
  });
});
