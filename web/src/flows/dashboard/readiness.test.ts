import { describe, expect, it } from 'vitest';
import { CallFailure } from '../../api/client';
import { ACCOUNT_ID, dashboards } from './fixtures';
import { decodeAccountId, encodeAccountId } from '../../lib/accountId';
import { formatServiceDate } from './format';
import { ACTIVATION_REDIRECT_MS, ERROR_REDIRECT_MS, failureTarget, readiness } from './readiness';

const none = new URLSearchParams();

describe('readiness by the answer\'s next (seed 001 §4 "Page readiness and checks")', () => {
  it('show draws the dashboard', () => {
    expect(readiness(dashboards.active, 'en', ACCOUNT_ID, none)).toEqual({ kind: 'show' });
  });

  it('activation links to activation with the account in base64, carrying bhr and mobile', () => {
    const r = readiness(dashboards.activation, 'es', ACCOUNT_ID, new URLSearchParams('bhr=true&mobile=true&x=1'));
    expect(r).toEqual({ kind: 'activation', href: `/es/activation?accountId=${btoa('8773100000000002')}&bhr=true&mobile=true` });
    expect(ACTIVATION_REDIRECT_MS).toBe(1_500);
  });

  it('activation without a next account uses the dashboard\'s own account', () => {
    const r = readiness({ ...dashboards.activation, nextAccountId: undefined }, 'en', ACCOUNT_ID, none);
    expect(r).toEqual({ kind: 'activation', href: `/en/activation?accountId=${btoa(ACCOUNT_ID)}` });
  });

  it('auxDashboard reloads the dashboard with the aux account at once', () => {
    const r = readiness(dashboards.auxDashboard, 'en', ACCOUNT_ID, new URLSearchParams('bhr=true'));
    expect(r).toEqual({ kind: 'redirect', to: `/en/dashboard?accountId=${btoa('8773100000000003')}&bhr=true`, afterMs: 0 });
  });

  it('error, or auxDashboard without an account, goes to the error page after 1 s', () => {
    const error = { kind: 'redirect', to: '/en/error', afterMs: ERROR_REDIRECT_MS };
    expect(readiness(dashboards.error, 'en', ACCOUNT_ID, none)).toEqual(error);
    expect(readiness({ ...dashboards.auxDashboard, nextAccountId: undefined }, 'en', ACCOUNT_ID, none)).toEqual(error);
    expect(ERROR_REDIRECT_MS).toBe(1_000);
  });
});

describe('failures of getDashboard', () => {
  const fail = (code: string, status: number) => new CallFailure('getDashboard', status, code);
  it.each(['SESSION_EXPIRED', 'SESSION_REJECTED', 'PERMISSION_DENIED', 'SIGNIN_REQUIRED'])(
    '403 %s is left to the app\'s one session-error handler',
    (code) => {
      expect(failureTarget(fail(code, 403), 'es')).toBeUndefined();
    },
  );

  it.each([
    ['UPSTREAM_ERROR', 502],
    ['UPSTREAM_TIMEOUT', 504],
    ['NETWORK', 0],
    ['CSRF_REJECTED', 403],
  ])('%s (%i) goes to the error page after 1 s', (code, status) => {
    expect(failureTarget(fail(code, status), 'es')).toEqual({ kind: 'redirect', to: '/es/error', afterMs: ERROR_REDIRECT_MS });
  });

  it('an unexpected error goes to the error page after 1 s', () => {
    expect(failureTarget(new Error('boom'), 'en')).toEqual({ kind: 'redirect', to: '/en/error', afterMs: ERROR_REDIRECT_MS });
  });
});

describe('formats', () => {
  it('expiry dates are m/d/yyyy in UTC (seed 001 §9)', () => {
    expect(formatServiceDate('2026-12-03')).toBe('12/3/2026');
    expect(formatServiceDate('2027-01-01T00:00:00Z')).toBe('1/1/2027');
    expect(formatServiceDate('not a date')).toBe('not a date');
  });

  it('account ids round-trip through base64; anything but 16 digits is refused', () => {
    expect(decodeAccountId(encodeAccountId(ACCOUNT_ID))).toBe(ACCOUNT_ID);
    expect(decodeAccountId(btoa('12345'))).toBeUndefined();
    expect(decodeAccountId('%%%')).toBeUndefined();
    expect(decodeAccountId(null)).toBeUndefined();
  });
});
