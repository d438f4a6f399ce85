import { describe, expect, it } from 'vitest';
import { flagsOf, flagsQuery, handoffAction, sitePath } from './handoff';

const q = (s: string) => new URLSearchParams(s);

describe('handoff query (seed 001 §4 "Sign-in")', () => {
  it('continue first: sign out, then the address (paths of this site only)', () => {
    expect(handoffAction(q('continue=/en/dashboard&code=c&state=s'))).toEqual({ kind: 'continue', to: '/en/dashboard' });
    for (const elsewhere of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(sitePath(elsewhere)).toBeUndefined();
      expect(handoffAction(q(`continue=${encodeURIComponent(elsewhere)}`))).toEqual({ kind: 'show' });
    }
  });

  it('slo_fs: state=expired is the timeout-error page, otherwise a new sign-in', () => {
    expect(handoffAction(q('slo_fs=1&state=expired'))).toEqual({ kind: 'timeoutError' });
    expect(handoffAction(q('slo_fs=1'))).toEqual({ kind: 'signIn' });
    expect(handoffAction(q('slo_fs=1&state=other&code=c'))).toEqual({ kind: 'signIn' });
  });

  it('a code with its state is decoded; a code alone is not', () => {
    expect(handoffAction(q('code=abc&state=xyz'))).toEqual({ kind: 'decode', code: 'abc', state: 'xyz' });
    expect(handoffAction(q('code=abc'))).toEqual({ kind: 'show' });
  });

  it('the stored login flag s=1 signs in again; nothing else shows the landing page', () => {
    expect(handoffAction(q('s=1'))).toEqual({ kind: 'signIn' });
    expect(handoffAction(q('s=1&code=a&state=b'))).toEqual({ kind: 'decode', code: 'a', state: 'b' });
    expect(handoffAction(q(''))).toEqual({ kind: 'show' });
    expect(handoffAction(q('s=0&bhr=true'))).toEqual({ kind: 'show' });
  });

  it('carries bhr and mobile only when true', () => {
    expect(flagsOf(q('bhr=true&mobile=true'))).toEqual({ bhr: true, mobile: true });
    expect(flagsOf(q('bhr=false&mobile=1'))).toEqual({});
    expect(flagsQuery({ bhr: true, mobile: false })).toBe('?bhr=true');
    expect(flagsQuery({ bhr: true, mobile: true })).toBe('?bhr=true&mobile=true');
    expect(flagsQuery({})).toBe('');
  });
});
