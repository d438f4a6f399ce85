import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AllContent } from '../../content/hooks';
import { contentHandlers } from '../../testing/recordings';
import { content } from '../../testing/content';
import { profile } from '../../testing/account';
import { renderApp } from '../../testing/render';
import { createMemoryApp, MemoryAppView } from '../../testing/StoryApp';
import { preloadScreen } from '../../app/routes';
import { ACCOUNT_ID, dashboards } from './fixtures';
import { dashboardHandlers } from './handlers';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import { dashboardContent } from './testContent';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.use(...contentHandlers(content));
  localStorage.setItem(TOUR_SEEN_KEY, 'true');
});
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const en = dashboardContent.en;
const es = dashboardContent.es;

describe('dashboard page (seed 001 §2 "Dashboard", §4 "Page readiness and checks")', () => {
  it.each(['en', 'es'] as const)('%s: the chosen account\'s dashboard, all from content', async (locale) => {
    const asked: string[] = [];
    server.use(...dashboardHandlers(dashboards.acpApproved));
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    renderApp(`/${locale}/dashboard`);
    const c = locale === 'en' ? en : es;
    await screen.findByRole('heading', { level: 1, name: c.pageTitle });
    expect(screen.getByRole('heading', { level: 2, name: c.services.heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: c.acp.heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: c.helpfulLinks.heading })).toBeInTheDocument();
    expect(asked).toContain(`/secure2/accounts/${ACCOUNT_ID}/dashboard`);
    server.events.removeAllListeners();
  });

  it.each(['', `?accountId=${btoa(ACCOUNT_ID)}`])('first queries (query %j): asked before the first render, each call once', async (search) => {
    const asked: string[] = [];
    server.use(...dashboardHandlers(dashboards.acpApproved));
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    const app = createMemoryApp(`/en/dashboard${search}`);
    await preloadScreen({ pathname: '/en/dashboard', search }, app.client);
    const calls = ['/secure2/profile', `/secure2/accounts/${ACCOUNT_ID}/dashboard`];
    expect(asked.filter((p) => p.startsWith('/secure2')).sort()).toEqual([...calls].sort());
    render(<MemoryAppView app={app} />);
    await screen.findByRole('heading', { level: 1, name: en.pageTitle });
    await delay(100);
    // the page drew with the primed answers: the dashboard, fetched again on every visit, was not asked twice
    for (const call of calls) expect(asked.filter((p) => p === call)).toHaveLength(1);
    server.events.removeAllListeners();
  });

  it.each([true, false])('a first visit: the welcome tour with the first screen, the sync-up check once it is closed (offered: %s)', async (offered) => {
    localStorage.removeItem(TOUR_SEEN_KEY);
    let asked = 0;
    server.use(...dashboardHandlers(dashboards.acpApproved));
    server.use(
      http.get('*/secure2/accounts/:accountId/sync-up', () => {
        asked += 1;
        return HttpResponse.json({
          open: offered,
          holder: { firstName: profile.firstName, lastName: profile.lastName },
          defaults: { language: 'ENGLISH', smsOptIn: false },
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/en/dashboard');
    await screen.findByRole('heading', { level: 1, name: en.pageTitle });
    // drawn in the same render as the page's heading, not after it
    expect(screen.getByTestId('welcome-tour')).toBeVisible();
    // the page is drawn and the browser idle: the check would have asked by now
    await delay(500);
    expect(asked).toBe(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(asked).toBe(1));
    if (offered) {
      const modal = await screen.findByTestId('sync-up-modal');
      await user.click(within(modal).getByRole('button', { name: (content.en.all as unknown as AllContent).syncUp.close }));
      await waitFor(() => expect(screen.queryByTestId('sync-up-modal')).toBeNull());
    } else {
      await delay(300);
      expect(screen.queryByTestId('sync-up-modal')).toBeNull();
    }
    expect(screen.queryByTestId('welcome-tour')).toBeNull();
  });

  it('takes the account of the base64 accountId query instead of the profile\'s', async () => {
    const other = '8773100000000009';
    server.use(...dashboardHandlers(dashboards.error, { others: { [other]: dashboards.tv } }));
    renderApp(`/en/dashboard?accountId=${btoa(other)}`);
    await screen.findByTestId('tv-products');
  });

  it('deactivated: the reconnect FAQ shows', async () => {
    server.use(...dashboardHandlers(dashboards.deactivated));
    renderApp('/en/dashboard');
    await screen.findByRole('heading', { level: 2, name: en.reconnectFaq.heading });
    expect(screen.getByRole('button', { name: en.reconnectFaq.items[0]!.question })).toBeInTheDocument();
  });

  it('an active account does not get the reconnect FAQ', async () => {
    server.use(...dashboardHandlers(dashboards.active));
    renderApp('/en/dashboard');
    await screen.findByTestId('services-tile');
    expect(screen.queryByTestId('reconnect-faq')).not.toBeInTheDocument();
  });

  it('activation: the account-state page links to activation with the account in base64, then goes there after 1.5 s', async () => {
    const href = `/es/activation?accountId=${btoa('8773100000000002')}&bhr=true`;
    server.use(
      ...dashboardHandlers(dashboards.activation),
      // the activation page's own call: not the subject here
      http.get('*/secure2/accounts/:accountId/activation', () => delay('infinite')),
    );
    const { router } = renderApp('/es/dashboard?bhr=true');
    const link = await screen.findByRole('link', { name: es.activationNeeded.link });
    expect(link).toHaveAttribute('href', href);
    expect(screen.getByRole('heading', { level: 1, name: es.activationNeeded.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/es/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/es/activation'), { timeout: 5_000 });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(href);
  });

  it('auxDashboard: reloads the dashboard with the aux account', async () => {
    const aux = '8773100000000003';
    server.use(...dashboardHandlers(dashboards.auxDashboard, { others: { [aux]: dashboards.amber } }));
    const { router } = renderApp('/en/dashboard');
    await screen.findByText('5 days left');
    expect(router.state.location.search).toBe(`?accountId=${btoa(aux)}`);
  });

  it('error: the error page after 1 s, the loading text meanwhile', async () => {
    server.use(...dashboardHandlers(dashboards.error));
    const { router } = renderApp('/en/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent(en.loading);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/error'), { timeout: 5_000 });
  });

  it.each([
    ['SESSION_EXPIRED', 403, '/en/timeout-error'],
    ['PERMISSION_DENIED', 403, '/en/permission-error'],
    ['SESSION_REJECTED', 403, '/en/error'],
    ['UPSTREAM_TIMEOUT', 504, '/en/error'],
  ])('%s (%i) goes to %s', async (errorCode, status, path) => {
    server.use(...dashboardHandlers({ errorCode, status }));
    const { router } = renderApp('/en/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 5_000 });
  });

  it('no chosen account: the account picker', async () => {
    server.use(...dashboardHandlers(dashboards.active, { accountId: null }));
    server.use(http.get('*/secure2/account-picker', () => HttpResponse.json({ open: [], closed: [] })));
    const { router } = renderApp('/en/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account-picker'));
  });

  it('content failure: the error page', async () => {
    server.use(...dashboardHandlers(dashboards.active));
    server.use(http.get('*/-/api/:site/account-dashboard', () => HttpResponse.json({ errorCode: 'UPSTREAM_ERROR' }, { status: 502 })));
    const { router } = renderApp('/en/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/error'), { timeout: 5_000 });
  });

  it('sits in the signed-in shell: greeting, Refill for an active account, no move badge', async () => {
    server.use(...dashboardHandlers(dashboards.active));
    renderApp('/en/dashboard');
    await screen.findByTestId('services-tile');
    expect(await screen.findByTestId('greeting')).toHaveTextContent(profile.greetingName);
    expect(screen.getByRole('main')).toContainElement(screen.getByTestId('services-tile'));
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(screen.getByTestId('sticky-cta')).toBeInTheDocument();
  });

  it('a scheduled move puts the badge in the shell; a deactivated account gets no sticky Refill', async () => {
    server.use(...dashboardHandlers(dashboards.scheduledMove));
    const first = renderApp('/en/dashboard');
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('1');
    first.unmount();
    server.use(...dashboardHandlers(dashboards.deactivated));
    renderApp('/es/dashboard');
    await screen.findByTestId('reconnect-faq');
    const sticky = within(screen.getByTestId('sticky-cta'));
    expect(sticky.getByRole('link', { name: 'Reactivar' })).toBeInTheDocument();
    expect(sticky.queryByRole('link', { name: 'Recargar' })).not.toBeInTheDocument();
  });

  it('the welcome tour opens on the first visit in this browser', async () => {
    localStorage.clear();
    server.use(...dashboardHandlers(dashboards.active));
    renderApp('/en/dashboard');
    expect(await screen.findByRole('dialog', { name: en.welcomeTour.label })).toHaveTextContent(en.welcomeTour.steps[0]!.title);
  });
});
