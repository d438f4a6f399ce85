import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallFailure } from '../api/client';
import { ACCOUNT_ID, dashboards } from '../flows/dashboard/fixtures';
import { dashboardHandlers } from '../flows/dashboard/handlers';
import { TOUR_SEEN_KEY } from '../flows/dashboard/components/WelcomeTour';
import { profile, sessionError, sessionHandlers } from '../testing/account';
import { content, en } from '../testing/content';
import { contentHandlers } from '../testing/recordings';
import { renderApp } from '../testing/render';
import { signOutAndLeave } from './accountSession';
import { audienceOf, scrubMessage, trackCallFailure, trackPageView } from './analytics';
import * as leave from './leave';

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

type Pushed = Record<string, unknown>;
const pushed = () => (window.dataLayer ?? []) as Pushed[];
const pageViews = () => pushed().filter((e) => e.event === 'pageView');

/** Nothing personal of the signed-in identity in any event (seed 001 §2, contract: no personal data). */
function expectNoPersonalData() {
  const text = JSON.stringify(pushed());
  for (const value of [profile.firstName, profile.lastName, profile.email, profile.mobile, profile.uid, profile.accountId, ACCOUNT_ID]) {
    expect(text).not.toContain(value);
  }
}

describe('audience (seed 001 §2: buy and litepay are unauthenticated new customers)', () => {
  it.each([
    ['buy', { customerType: 'new', authenticated: false }],
    ['litepay', { customerType: 'new', authenticated: false }],
    ['dollargeneral', { customerType: 'new', authenticated: false }],
    ['dashboard', { customerType: 'existing', authenticated: true }],
    ['account-picker', { customerType: 'existing', authenticated: true }],
    ['permission-error', { customerType: 'existing', authenticated: true }],
    ['handoff', { customerType: 'existing', authenticated: false }],
    ['timeout-error', { customerType: 'existing', authenticated: false }],
    ['error', { customerType: 'existing', authenticated: false }],
  ])('%s', (base, audience) => {
    expect(audienceOf(base)).toEqual(audience);
  });

  it('a buy page view carries the new-customer audience', () => {
    trackPageView({ base: 'buy', flowType: 'buyflow|prepaid' }, 'internet', 'es');
    expect(pushed()).toEqual([
      { event: 'pageView', flowType: 'buyflow|prepaid', step: 'internet', locale: 'es', customerType: 'new', authenticated: false },
    ]);
  });
});

describe('failed calls are reported with call name, code and message (seed 001 §8)', () => {
  it('pushes the operation, the code and the scrubbed message', () => {
    const body = { errorCode: 'UPSTREAM_ERROR', message: 'dashboard of 8993100000000101 for ann@example.com (215) 555-0112 failed: 503', requestId: 'r' };
    trackCallFailure(new CallFailure('getDashboard', 502, 'UPSTREAM_ERROR', body), 'dashboard');
    expect(pushed()).toEqual([
      { event: 'apiError', call: 'getDashboard', errorCode: 'UPSTREAM_ERROR', errorMessage: 'dashboard of # for # # failed: 503' },
    ]);
  });

  it('a failure that is no call answer is UNKNOWN under the fallback name', () => {
    trackCallFailure(new Error('boom'), 'signin');
    expect(pushed()).toEqual([{ event: 'apiError', call: 'signin', errorCode: 'UNKNOWN' }]);
  });

  it('scrubs e-mail addresses and runs of four or more digits, keeps short numbers, caps the length', () => {
    expect(scrubMessage('HTTP 503 for a.b@c.io, account 8993 1000 0000 0101')).toBe('HTTP 503 for # account #');
    expect(scrubMessage('x'.repeat(300))).toHaveLength(200);
  });
});

/** Every account-area route (seed 002 §2.1 "Sign-in and shell", "Dashboard") and its page view. */
const ROUTES: Array<[path: string, flowType: string, step: string, authenticated: boolean]> = [
  ['/en/handoff', 'signin|prepaid', 'handoff', false],
  ['/es/account-picker', 'signin|prepaid', 'account-picker', true],
  ['/en/permission-error', 'signin|prepaid', 'permission-error', true],
  ['/es/timeout-error', 'signin|prepaid', 'timeout-error', false],
  ['/en/dashboard', 'account|prepaid', 'dashboard', true],
  ['/es/dashboard/detail-hsd', 'account|prepaid', 'detail-hsd', true],
  ['/en/dashboard/detail-xitv', 'account|prepaid', 'detail-xitv', true],
  ['/es/dashboard/detail-tv200', 'account|prepaid', 'detail-tv200', true],
  ['/en/dashboard/notifications', 'account|prepaid', 'notifications', true],
  ['/es/error', 'account|prepaid', 'errorPage', false],
  ['/en/no-such-page', 'account|prepaid', 'notFound', false],
];

describe('page views on every account-area route (seed 002 §2.1)', () => {
  it.each(ROUTES)('%s: %s %s', async (path, flowType, step, authenticated) => {
    server.use(...dashboardHandlers(dashboards.scheduledMove), ...sessionHandlers([]));
    renderApp(path);
    const locale = path.split('/')[1];
    await waitFor(() =>
      expect(pageViews()).toContainEqual({ event: 'pageView', flowType, step, locale, customerType: 'existing', authenticated }),
    );
    expect(pageViews().filter((e) => e.step === step)).toHaveLength(1);
    expectNoPersonalData();
  });
});

describe('account-area events', () => {
  it('a dashboard lookup failure reports getDashboard with its code and message, and nothing personal', async () => {
    server.use(...dashboardHandlers({ errorCode: 'UPSTREAM_ERROR', status: 502 }));
    renderApp('/en/dashboard');
    await waitFor(() => expect(pushed()).toContainEqual({ event: 'apiError', call: 'getDashboard', errorCode: 'UPSTREAM_ERROR', errorMessage: 'UPSTREAM_ERROR' }));
    // then the error page, with its own page view
    await screen.findByRole('heading', { level: 1, name: en.dictionary.errorPage.title }, { timeout: 5_000 });
    expect(pageViews().map((e) => e.step)).toEqual(['dashboard', 'errorPage']);
    expectNoPersonalData();
  });

  it('a session the BFF refuses as expired is a session timeout, then the timeout-error page', async () => {
    server.use(http.get('*/secure2/profile', () => sessionError('SESSION_EXPIRED')), ...sessionHandlers([]));
    renderApp('/es/dashboard');
    await waitFor(() => expect(pushed()).toContainEqual({ event: 'sessionTimeout', cause: 'expired' }));
    await waitFor(() => expect(pageViews().map((e) => e.step)).toContain('timeout-error'));
    expect(pushed()).toContainEqual({ event: 'apiError', call: 'getProfile', errorCode: 'SESSION_EXPIRED', errorMessage: 'SESSION_EXPIRED' });
  });

  it('a failed sign-out is reported, and the browser still leaves', async () => {
    server.use(http.post('*/secure2/logout', () => HttpResponse.json({ errorCode: 'UPSTREAM_ERROR', message: 'down', requestId: 't' }, { status: 502 })));
    const spy = vi.spyOn(leave, 'leaveApp').mockImplementation(() => undefined);
    await signOutAndLeave('en');
    expect(pushed()).toContainEqual({ event: 'apiError', call: 'signOut', errorCode: 'UPSTREAM_ERROR', errorMessage: 'down' });
    expect(spy).toHaveBeenCalledWith('/en/handoff');
    spy.mockRestore();
  });
});
