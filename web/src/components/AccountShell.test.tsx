import { QueryClient } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRouter, memoryHistory, Route } from '../app/router';
import { Providers } from '../app/providers';
import { markAction } from '../lib/accountSession';
import { leaveApp } from '../lib/leave';
import { useLocale } from '../lib/useLocale';
import { LOGOUT_URL, profile, sessionHandlers, type SessionCall } from '../testing/account';
import { content, en, es } from '../testing/content';
import { contentHandlers } from '../testing/recordings';
import { AccountShell, type AccountShellProps } from './AccountShell';
import { IDLE_WARNING_MS, LOGOUT_AFTER_MS, formatCountdown } from './SessionTimeout';

vi.mock('../lib/leave', () => ({ leaveApp: vi.fn() }));
configure({ asyncUtilTimeout: 15_000 });

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
  vi.useRealTimers();
});
afterAll(() => server.close());

function Page(props: Omit<AccountShellProps, 'locale' | 'children'>) {
  return (
    <AccountShell locale={useLocale()} {...props}>
      <h1>Page</h1>
    </AccountShell>
  );
}

function renderShell(path: string, props: Omit<AccountShellProps, 'locale' | 'children'> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers client={client}>
      <AppRouter history={memoryHistory(path)}>
        <Route path="/:locale/*">
          <Page {...props} />
        </Route>
      </AppRouter>
    </Providers>,
  );
}

describe('signed-in page shell (seed 001 §2 "Page shell")', () => {
  it.each([
    ['en', en.all],
    ['es', es.all],
  ] as const)('%s: greeting with the chosen first name, logout, refill for an active account', async (locale, c) => {
    renderShell(`/${locale}/dashboard`, { account: 'active' });
    await screen.findByText(c.header.greeting.replace('{name}', profile.greetingName));
    expect(screen.getAllByRole('link', { name: c.header.refill.label })[0]).toHaveAttribute('href', `/${locale}${c.header.refill.url}`);
    expect(screen.queryByRole('link', { name: c.header.reactivate.label })).not.toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(c.footer.copyright);
    expect(within(screen.getByRole('contentinfo')).getAllByRole('link')).toHaveLength(5);
  });

  it('a deactivated account gets Reactivate; a scheduled move the badge "1" and no move items', async () => {
    const user = userEvent.setup();
    renderShell('/en/dashboard', { account: 'deactivated', moveScheduled: true });
    const badge = await screen.findByTestId('notification-badge');
    expect(badge).toHaveTextContent('1');
    expect(badge).toHaveAttribute('href', '/en/dashboard/notifications');
    expect(badge).toHaveAccessibleName(en.all.header.notificationsLabel.replace('{count}', '1'));
    expect(screen.getAllByRole('link', { name: en.all.header.reactivate.label }).length).toBeGreaterThan(0);
    const account = en.all.navigation.find((i) => i.type === 'account')!;
    await user.click(screen.getByRole('button', { name: account.label }));
    const hrefs = [...document.querySelectorAll('.account-nav__panel a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/en/dashboard/account-information');
    expect(hrefs.some((h) => h?.includes('/move'))).toBe(false);
  });

  it('flyouts open and close with Enter and Space; detail-xitv is never listed', async () => {
    const user = userEvent.setup();
    renderShell('/en/dashboard', { account: 'active' });
    const account = en.all.navigation.find((i) => i.type === 'account')!;
    const toggle = await screen.findByRole('button', { name: account.label });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const hrefs = [...document.querySelectorAll('.account-nav__panel a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/en/move');
    expect(hrefs.some((h) => h?.includes('detail-xitv'))).toBe(false);
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = screen.getByRole('button', { name: en.all.header.menu });
    menu.focus();
    await user.keyboard(' ');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
  });

  it('in-app (mobile=true): no footer; Log out signs out and goes to the provider logout', async () => {
    const user = userEvent.setup();
    renderShell('/es/dashboard?mobile=true', { account: 'active' });
    await user.click(await screen.findByRole('button', { name: es.all.header.logout }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(LOGOUT_URL));
    expect(calls.find((x) => x.op === 'signOut')?.body).toEqual({ locale: 'es', expired: false });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('the sticky bar shows the promo only for an active account with a promo', async () => {
    renderShell('/en/dashboard', { account: 'active', promo: true });
    expect(await screen.findByTestId('sticky-cta')).toHaveTextContent(en.all.stickyCta.promo);
  });
});

/** A press outside the dialog (jsdom has no PointerEvent: react-aria listens to mouse events). */
function outsideClick(target: Element) {
  fireEvent.mouseDown(target, { button: 0 });
  fireEvent.mouseUp(target, { button: 0 });
  fireEvent.click(target, { button: 0 });
}

describe('session-timeout modal (seed 001 §4 "Session and timeout", §9)', () => {
  async function idleShell(locale: 'en' | 'es' = 'en') {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell(`/${locale}/dashboard`, { account: 'active' });
    await screen.findByTestId('greeting');
    await waitFor(() => expect(calls.map((c) => c.op)).toContain('getProfile'));
    // the clock starts now: the last action is this moment
    act(() => markAction());
  }

  it('opens 750 s after the last action, counts down 2:00, then signs out as expired', async () => {
    await idleShell('es');
    const t = es.all.sessionTimeout;
    act(() => vi.advanceTimersByTime(IDLE_WARNING_MS - 1_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    expect(within(dialog).getByTestId('countdown')).toHaveTextContent('2:00');
    act(() => vi.advanceTimersByTime(30_000));
    expect(within(dialog).getByTestId('countdown')).toHaveTextContent('1:30');
    expect(within(dialog).getByRole('timer')).toHaveAccessibleName(t.countdownLabel.replace('{time}', '1:30'));
    expect(leaveApp).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(LOGOUT_AFTER_MS - 30_000));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(LOGOUT_URL));
    expect(calls.find((x) => x.op === 'signOut')?.body).toEqual({ locale: 'es', expired: true });
    expect(window.dataLayer).toContainEqual({ event: 'sessionTimeout', cause: 'idle' });
  });

  it('a successful call restarts the wait', async () => {
    await idleShell();
    act(() => vi.advanceTimersByTime(700_000));
    act(() => markAction());
    act(() => vi.advanceTimersByTime(700_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(50_000));
    await screen.findByRole('dialog');
  });

  it.each([
    ['Keep session active', (t: typeof en.all.sessionTimeout) => screen.getByRole('button', { name: t.keepActive })],
    ['the close button', (t: typeof en.all.sessionTimeout) => screen.getByRole('button', { name: t.close })],
  ])('%s pings with force, closes, and the logout never comes', async (_name, pick) => {
    await idleShell();
    act(() => vi.advanceTimersByTime(IDLE_WARNING_MS));
    await screen.findByRole('dialog');
    act(() => pick(en.all.sessionTimeout).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.find((x) => x.op === 'ping')?.body).toEqual({ force: true }));
    // the next warning is a whole 750 s away again
    act(() => vi.advanceTimersByTime(IDLE_WARNING_MS - 1_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(leaveApp).not.toHaveBeenCalled();
    expect(calls.map((c) => c.op)).not.toContain('signOut');
  });

  it.each([
    ['a click outside', () => outsideClick(document.querySelector('.modal-overlay')!)],
    ['Escape', () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' })],
  ])('%s keeps the session', async (_name, dismiss) => {
    await idleShell();
    act(() => vi.advanceTimersByTime(IDLE_WARNING_MS));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: en.all.sessionTimeout.keepActive })).toHaveFocus();
    act(() => dismiss());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.map((c) => c.op)).toContain('ping'));
  });

  it('Log out now signs out (not expired) and goes to the provider logout', async () => {
    await idleShell();
    act(() => vi.advanceTimersByTime(IDLE_WARNING_MS));
    await screen.findByRole('dialog');
    act(() => screen.getByRole('button', { name: en.all.sessionTimeout.logoutNow }).click());
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(LOGOUT_URL));
    expect(calls.find((x) => x.op === 'signOut')?.body).toEqual({ locale: 'en', expired: false });
  });

  it('formats the countdown as m:ss', () => {
    expect([120, 119, 60, 9, 0, -3].map(formatCountdown)).toEqual(['2:00', '1:59', '1:00', '0:09', '0:00', '0:00']);
  });
});
