import { describe, expect, it } from 'vitest';
import { CallFailure } from '../api/client';
import { sessionErrorTarget } from './accountSession';

describe('session errors (seed 001 §4 "Session and timeout", §8)', () => {
  const fail = (status: number, code: string) => new CallFailure('getDashboard', status, code);

  it.each(['en', 'es'] as const)('%s: each 403 code has its one destination', (locale) => {
    expect(sessionErrorTarget(fail(403, 'SESSION_EXPIRED'), locale)).toEqual({ kind: 'page', path: `/${locale}/timeout-error` });
    expect(sessionErrorTarget(fail(403, 'SESSION_REJECTED'), locale)).toEqual({ kind: 'page', path: `/${locale}/error` });
    expect(sessionErrorTarget(fail(403, 'PERMISSION_DENIED'), locale)).toEqual({ kind: 'page', path: `/${locale}/permission-error` });
    expect(sessionErrorTarget(fail(403, 'SIGNIN_REQUIRED'), locale)).toEqual({ kind: 'signIn' });
  });

  it('leaves every other failure to its page', () => {
    expect(sessionErrorTarget(fail(403, 'CSRF_REJECTED'), 'en')).toBeUndefined();
    expect(sessionErrorTarget(fail(502, 'SESSION_EXPIRED'), 'en')).toBeUndefined();
    expect(sessionErrorTarget(fail(0, 'NETWORK'), 'en')).toBeUndefined();
    expect(sessionErrorTarget(new Error('x'), 'en')).toBeUndefined();
  });
});
