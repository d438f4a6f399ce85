import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activeScenario, HarnessBadge, showActiveScenario } from './HarnessBadge';
import { BADGE_TEXTS } from './harnessBadgeTexts';

const resets: string[] = [];
const server = setupServer(
  http.get('/harness/active', () => HttpResponse.json({ scenario: 'retail/sample-success' })),
  http.get('/harness/reset', ({ request }) => {
    resets.push(new URL(request.url).search);
    return new HttpResponse(null, { status: 303, headers: { location: '/en/harness' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resets.length = 0;
  document.body.innerHTML = '';
});
afterAll(() => server.close());

describe('active-scenario badge', () => {
  it('shows the scenario, resets it in place and links to the console in the page language', async () => {
    render(<HarnessBadge scenario="retail/sample-success" />);
    const badge = screen.getByRole('complementary', { name: BADGE_TEXTS.en.label });
    expect(badge).toHaveTextContent(`${BADGE_TEXTS.en.active} retail/sample-success`);
    expect(screen.getByRole('link', { name: BADGE_TEXTS.en.console })).toHaveAttribute('href', '/en/harness');

    // the shells set <html lang>; the badge follows
    await act(async () => {
      document.documentElement.lang = 'es';
      await new Promise((r) => setTimeout(r, 0));
    });
    const console = await screen.findByRole('link', { name: BADGE_TEXTS.es.console });
    expect(console).toHaveAttribute('href', '/es/harness');

    await userEvent.click(screen.getByRole('button', { name: BADGE_TEXTS.es.reset }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(BADGE_TEXTS.es.resetDone));
    expect(resets).toEqual(['?locale=es']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(badge).not.toHaveTextContent('retail/sample-success');
  });

  it('asks the BFF for the active scenario: none without one, none outside harness mode', async () => {
    expect(await activeScenario()).toBe('retail/sample-success');
    server.use(http.get('/harness/active', () => HttpResponse.json({ scenario: null })));
    expect(await activeScenario()).toBeNull();
    // production mode: no harness routes
    server.use(http.get('/harness/active', () => new HttpResponse(null, { status: 404 })));
    expect(await activeScenario()).toBeNull();
  });

  it('renders itself only when the BFF names a scenario', async () => {
    await act(() => showActiveScenario());
    expect(await screen.findByRole('complementary', { name: BADGE_TEXTS.en.label })).toHaveTextContent('retail/sample-success');
    document.body.innerHTML = '';
    server.use(http.get('/harness/active', () => new HttpResponse(null, { status: 404 })));
    await act(() => showActiveScenario());
    expect(document.getElementById('pp-harness-badge')).toBeNull();
  });
});
