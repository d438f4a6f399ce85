import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import { dashboards } from './fixtures';
import { dashboardHandlers } from './handlers';
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

describe('notifications page (seed 001 §2 routes, §4 "Scheduled move")', () => {
  it.each(['en', 'es'] as const)('%s: the scheduled move: to-address, move date, last day to cancel', async (locale) => {
    const c = dashboardContent[locale];
    server.use(...dashboardHandlers(dashboards.scheduledMove));
    renderApp(`/${locale}/dashboard/notifications`);
    await screen.findByRole('heading', { level: 1, name: c.notifications.title });
    expect(screen.getByRole('heading', { level: 2, name: c.notifications.moveHeading })).toBeInTheDocument();
    expect(screen.getByTestId('move-to')).toHaveTextContent('45 Elm StCamden, NJ 08102');
    expect(screen.getByTestId('move-date')).toHaveTextContent('12/3/2026');
    expect(screen.getByTestId('move-cancel-by')).toHaveTextContent('12/2/2026');
    expect(screen.getByText(c.notifications.cancelByLabel)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: c.notifications.back })).toHaveAttribute('href', `/${locale}/dashboard`);
  });

  it('no scheduled move: the dashboard instead', async () => {
    server.use(...dashboardHandlers(dashboards.active));
    const app = renderApp('/en/dashboard/notifications');
    await screen.findByRole('heading', { level: 1, name: dashboardContent.en.pageTitle });
    expect(screen.queryByTestId('scheduled-move')).not.toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/en/dashboard');
  });
});
