import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTHORIZE_URL, picker, profile, sessionError, sessionHandlers, type SessionCall } from '../../testing/account';
import { content, en, es } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { leaveApp } from '../../lib/leave';
import { formatPhone } from '../../lib/phone';

vi.mock('../../lib/leave', () => ({ leaveApp: vi.fn() }));

// the first page of a run loads the lazy sign-in chunk: slow on a busy machine
configure({ asyncUtilTimeout: 15_000 });

const bundles = { en: en.all, es: es.all };
let calls: SessionCall[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
  server.use(...contentHandlers(content), ...sessionHandlers(calls));
});
afterEach(() => {
  server.resetHandlers();
  vi.mocked(leaveApp).mockClear();
});
afterAll(() => server.close());

const ops = () => calls.map((c) => c.op);

describe('handoff (seed 001 §2, §4 "Sign-in")', () => {
  it.each(['en', 'es'] as const)('%s: Log in starts a sign-in with the flags and goes to the provider', async (locale) => {
    const user = userEvent.setup();
    renderApp(`/${locale}/handoff?bhr=true&mobile=true`);
    const c = bundles[locale].handoff;
    await screen.findByRole('heading', { level: 1, name: c.title });
    await user.click(screen.getByRole('button', { name: c.logIn }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(calls.find((x) => x.op === 'startSignIn')?.body).toEqual({ locale, bhr: true, mobile: true, createId: false });
    // in-app: no footer
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('Create ID asks for the create-ID page; the FAQ and the footer show', async () => {
    const user = userEvent.setup();
    renderApp('/en/handoff');
    await user.click(await screen.findByRole('button', { name: en.all.handoff.createId }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(calls.find((x) => x.op === 'startSignIn')?.body).toEqual({ locale: 'en', bhr: false, mobile: false, createId: true });
    expect(screen.getByRole('button', { name: en.all.handoff.faq[0]!.question })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(en.all.footer.copyright);
  });

  it('/ is the English handoff, and its language switch goes to /es/handoff', async () => {
    renderApp('/?bhr=true');
    await screen.findByRole('heading', { level: 1, name: en.all.handoff.title });
    expect(screen.getByTestId('language-toggle')).toHaveAttribute('href', '/es/handoff?bhr=true');
  });

  it.each([
    ['dashboard', { bhr: true, mobile: true }, '/es/dashboard', '?bhr=true&mobile=true'],
    ['accountPicker', { bhr: false, mobile: true }, '/es/account-picker', '?mobile=true'],
    ['permissionError', { bhr: false, mobile: false }, '/es/permission-error', ''],
    ['error', { bhr: false, mobile: false }, '/es/error', ''],
  ])('a code is decoded once and %s is where it goes', async (next, flags, path, search) => {
    server.use(
      http.post('*/secure2/decoder', async ({ request }) => {
        calls.push({ op: 'decodeSignIn', body: await request.json() });
        return Response.json({ next, ...flags });
      }),
    );
    const { router } = renderApp(`/es/handoff?code=code-${next}&state=st`);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(router.state.location.search).toBe(search);
    expect(calls.filter((c) => c.op === 'decodeSignIn')).toEqual([{ op: 'decodeSignIn', body: { code: `code-${next}`, state: 'st' } }]);
  });

  it('a failing decoder goes to the error page', async () => {
    server.use(http.post('*/secure2/decoder', () => Response.json({ errorCode: 'UPSTREAM_ERROR', message: 'x', requestId: 'r' }, { status: 502 })));
    const { router } = renderApp('/en/handoff?code=broken&state=st');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/error'));
  });

  it('back from the provider logout with state=expired: the timeout-error page; Log in again signs in', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/es/handoff?slo_fs=1&state=expired');
    await waitFor(() => expect(router.state.location.pathname).toBe('/es/timeout-error'));
    await user.click(await screen.findByRole('button', { name: es.all.timeoutError.loginAgain }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(AUTHORIZE_URL));
  });

  it('slo_fs without expired, and the stored login flag s=1, sign in at once', async () => {
    renderApp('/en/handoff?slo_fs=1');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(AUTHORIZE_URL));
    vi.mocked(leaveApp).mockClear();
    renderApp('/?s=1');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(AUTHORIZE_URL));
  });

  it('continue signs the old session out, then goes there', async () => {
    renderApp('/en/handoff?continue=%2Fen%2Fdollargeneral');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/en/dollargeneral'));
    expect(ops()).toContain('signOut');
  });
});

describe('account picker (seed 001 §2 "Account picker")', () => {
  it.each(['en', 'es'] as const)('%s: two radio groups, Continue disabled until a choice, the choice goes to the BFF', async (locale) => {
    const user = userEvent.setup();
    const c = bundles[locale].accountPicker;
    const { router } = renderApp(`/${locale}/account-picker?bhr=true`);
    const current = await screen.findByRole('radiogroup', { name: c.currentAccounts });
    const past = screen.getByRole('radiogroup', { name: c.pastAccounts });
    expect(current.querySelectorAll('input[type=radio]')).toHaveLength(picker.open.length);
    expect(past.querySelectorAll('input[type=radio]')).toHaveLength(picker.closed.length);
    expect(screen.getByText(c.unlistedNote)).toBeInTheDocument();
    const go = screen.getByRole('button', { name: c.continueLabel });
    expect(go).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /7 Pine Rd/ }));
    await user.click(screen.getByRole('radio', { name: /40 Elm Ave/ }));
    // one choice across both groups
    expect(screen.getByRole('radio', { name: /7 Pine Rd/ })).not.toBeChecked();
    expect(go).toBeEnabled();
    await user.click(go);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${locale}/dashboard`));
    expect(router.state.location.search).toBe('?bhr=true');
    expect(calls.find((x) => x.op === 'chooseAccount')?.body).toEqual({ accountId: picker.open[1]!.accountId });
  });

  it('is keyboard-usable: Tab to a group, arrows choose, Enter continues', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/en/account-picker');
    await screen.findByRole('radiogroup', { name: en.all.accountPicker.currentAccounts });
    screen.getByRole('radio', { name: /12 Oak St/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /40 Elm Ave/ })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('radio', { name: /7 Pine Rd/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: en.all.accountPicker.continueLabel })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/dashboard'));
  });

  it('the loading text while the accounts come; a failed read is the error page after 1 s', async () => {
    const locale = 'es';
    server.use(http.get('*/secure2/account-picker', () => HttpResponse.json({ errorCode: 'UPSTREAM_ERROR', message: 'x', requestId: 't' }, { status: 502 })));
    const { router } = renderApp(`/${locale}/account-picker`);
    expect(await screen.findByRole('status')).toHaveTextContent(bundles[locale].accountPicker.loading);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${locale}/error`), { timeout: 10_000 });
  });

  it('a non-owner choice goes to the permission-error page; the logo signs in again', async () => {
    const user = userEvent.setup();
    server.use(...sessionHandlers(calls, { choose: 'permissionError' }));
    const { router } = renderApp('/en/account-picker');
    expect(await screen.findByRole('link', { name: en.all.header.logo.alt })).toHaveAttribute('href', '/?s=1');
    await user.click(await screen.findByRole('radio', { name: /12 Oak St/ }));
    await user.click(screen.getByRole('button', { name: en.all.accountPicker.continueLabel }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/permission-error'));
  });
});

describe('permission error and session errors', () => {
  it.each(['en', 'es'] as const)('%s: the permission-error page names who is signed in', async (locale) => {
    const c = bundles[locale].permissionError;
    renderApp(`/${locale}/permission-error`);
    const list = await screen.findByTestId('identity');
    for (const text of [c.nameLabel, `${profile.firstName} ${profile.lastName}`, c.idLabel, profile.uid, c.mobileLabel, formatPhone(profile.mobile), c.emailLabel, profile.email]) {
      expect(list).toHaveTextContent(text);
    }
    expect(screen.getByRole('link', { name: c.back.label })).toHaveAttribute('href', c.back.url);
  });

  it.each([
    ['SESSION_EXPIRED', '/es/timeout-error'],
    ['SESSION_REJECTED', '/es/error'],
  ])('a call answering %s goes to %s', async (code, path) => {
    server.use(http.get('*/secure2/account-picker', () => sessionError(code)));
    const { router } = renderApp('/es/account-picker');
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('SIGNIN_REQUIRED starts a sign-in and goes to the provider', async () => {
    server.use(http.get('*/secure2/profile', () => sessionError('SIGNIN_REQUIRED')));
    renderApp('/en/permission-error');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(calls.find((x) => x.op === 'startSignIn')?.body).toEqual({ locale: 'en', bhr: false, mobile: false, createId: false });
  });
});
