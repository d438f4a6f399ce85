import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, firstScreenShown, FIRST_SCREEN_CAP_MS, FIRST_SCREEN_POLL_MS, hasScenarioCookie } from '../lib/harnessBadge';
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
  document.documentElement.lang = 'en';
  document.body.innerHTML = '';
  vi.useRealTimers();
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

  it('is asked for only with the scenario cookie, and only shown when the BFF names a scenario', async () => {
    expect(hasScenarioCookie('a=1; sim_scenario=retail/x; sim_run=1')).toBe(true);
    expect(hasScenarioCookie('sim_scenario=')).toBe(false);
    expect(hasScenarioCookie('a=1; sim_run=1')).toBe(false);
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

  it('waits for the first screen: a heading with text and nothing loading, on two looks in a row', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    document.body.innerHTML = '<main><section aria-busy="true"><h1>Loading</h1></section></main>';
    expect(firstScreenShown(document)).toBe(false);
    afterFirstScreen(run);
    vi.advanceTimersByTime(FIRST_SCREEN_POLL_MS * 3);
    expect(run).not.toHaveBeenCalled();
    document.querySelector('section')!.removeAttribute('aria-busy');
    expect(firstScreenShown(document)).toBe(true);
    vi.advanceTimersByTime(FIRST_SCREEN_POLL_MS);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FIRST_SCREEN_POLL_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('loads anyway after the cap when the page never settles', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    document.body.innerHTML = '<main aria-busy="true"></main>';
    afterFirstScreen(run);
    vi.advanceTimersByTime(FIRST_SCREEN_CAP_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
