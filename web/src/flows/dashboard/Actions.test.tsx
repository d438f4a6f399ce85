import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import { dashboards } from './fixtures';
import { actionHandlers, dashboardHandlers } from './handlers';
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

describe('cancel a scheduled move (seed 001 §2 "Page shell" info modal, §4 "Scheduled move")', () => {
  it.each(['en', 'es'] as const)('%s: Cancel, "No, keep" keeps it; "Yes, Cancel" cancels once and the dashboard shows the banner once', async (locale) => {
    const c = dashboardContent[locale].notifications;
    const calls = { cancel: 0, restart: 0, keys: [] as string[] };
    server.use(...actionHandlers({ afterCancel: dashboards.active, calls, delayMs: 50 }), ...dashboardHandlers(dashboards.scheduledMove));
    const user = userEvent.setup();
    const app = renderApp(`/${locale}/dashboard/notifications`);
    await user.click(await screen.findByRole('button', { name: c.cancel }));
    const dialog = await screen.findByRole('dialog', { name: c.cancelModal.title });
    expect(dialog).toHaveTextContent(c.cancelModal.body.split('\n\n')[0]!);
    await user.click(screen.getByRole('button', { name: c.cancelModal.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.cancel).toBe(0);

    await user.click(screen.getByRole('button', { name: c.cancel }));
    const yes = await screen.findByRole('button', { name: c.cancelModal.confirm });
    await user.dblClick(yes);
    const banner = await screen.findByTestId('move-cancelled');
    expect(banner).toHaveTextContent(dashboardContent[locale].moveCancelled);
    expect(app.router.state.location.pathname).toBe(`/${locale}/dashboard`);
    expect(calls.cancel).toBe(1);
    expect(new Set(calls.keys).size).toBe(1);
  });

  it('a refused cancel (errorCode) goes to the error page', async () => {
    server.use(...actionHandlers({ cancel: { result: 'failed', message: 'x' } }), ...dashboardHandlers(dashboards.scheduledMove));
    const user = userEvent.setup();
    const app = renderApp('/en/dashboard/notifications');
    const c = dashboardContent.en.notifications;
    await user.click(await screen.findByRole('button', { name: c.cancel }));
    await user.click(await screen.findByRole('button', { name: c.cancelModal.confirm }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/en/error'));
  });

  it('a failed cancel (409 cutoff passed) goes to the error page', async () => {
    server.use(
      ...actionHandlers({ cancel: { status: 409, errorCode: 'MOVE_CANCEL_CUTOFF_PASSED' } }),
      ...dashboardHandlers(dashboards.scheduledMove),
    );
    const user = userEvent.setup();
    const app = renderApp('/en/dashboard/notifications');
    const c = dashboardContent.en.notifications;
    await user.click(await screen.findByRole('button', { name: c.cancel }));
    await user.click(await screen.findByRole('button', { name: c.cancelModal.confirm }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/en/error'));
  });

  it('without the router flag the dashboard shows no banner', async () => {
    server.use(...dashboardHandlers(dashboards.active));
    renderApp('/en/dashboard');
    await screen.findByRole('heading', { level: 1, name: dashboardContent.en.pageTitle });
    expect(screen.queryByTestId('move-cancelled')).not.toBeInTheDocument();
  });
});

describe('reset-router modal (seed 001 §2 "Dashboard")', () => {
  it.each([
    ['en', { result: 'restarted' }, 'restarted'],
    ['es', { result: 'restarted' }, 'restarted'],
    ['en', { result: 'failed' }, 'failed'],
    ['es', { status: 502, errorCode: 'UPSTREAM_ERROR' }, 'failed'],
  ] as const)('%s: intro, sending, then %j is %s', async (locale, restart, stage) => {
    const r = dashboardContent[locale].resetRouter;
    server.use(...actionHandlers({ restart, delayMs: 100 }), ...dashboardHandlers(dashboards.active));
    const user = userEvent.setup();
    renderApp(`/${locale}/dashboard`);
    const link = dashboardContent[locale].helpfulLinks.links.find((l) => l.id === 'reset-router')!;
    await user.click(await screen.findByRole('button', { name: link.label }));
    const dialog = await screen.findByRole('dialog', { name: r.title });
    expect(dialog).toHaveTextContent(r.intro);
    await user.click(screen.getByRole('button', { name: r.restart }));
    await screen.findByText(r.sending);
    await waitFor(() => expect(screen.getByTestId('reset-router-modal')).toHaveAttribute('data-stage', stage));
    const [title, body] = stage === 'restarted' ? [r.restartedTitle, r.restartedBody] : [r.failedTitle, r.failedBody];
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(body)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: r.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('service detail links (seed 001 §2 routes)', () => {
  it.each(['en', 'es'] as const)('%s: TV and TV200 link to their detail pages', async (locale) => {
    const s = dashboardContent[locale].services;
    server.use(...dashboardHandlers({ ...dashboards.tv, tv200: true }));
    renderApp(`/${locale}/dashboard`);
    expect(await screen.findByRole('link', { name: s.tvDetails })).toHaveAttribute('href', `/${locale}/dashboard/detail-xitv`);
    expect(screen.getByRole('link', { name: s.tv200Details })).toHaveAttribute('href', `/${locale}/dashboard/detail-tv200`);
  });
});
