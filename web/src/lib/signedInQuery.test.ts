import { describe, expect, it } from 'vitest';
import { keptQuery, withKept } from './signedInQuery';

describe('the signed-in query every link keeps (seed 001 §2, §4)', () => {
  it('keeps the account and the true bhr / mobile flags, nothing else', () => {
    expect(keptQuery(new URLSearchParams('accountId=ODk5MzEwMDAwMDAwMDQ5MQ==&bhr=true&mobile=true&guid=x&code=y'))).toBe(
      '?accountId=ODk5MzEwMDAwMDAwMDQ5MQ%3D%3D&bhr=true&mobile=true',
    );
    expect(keptQuery(new URLSearchParams('bhr=false&mobile=1'))).toBe('');
    expect(keptQuery(new URLSearchParams(''))).toBe('');
  });

  it('adds the kept query to a path of the site; what the path names itself wins', () => {
    const kept = '?accountId=QQ%3D%3D&mobile=true';
    expect(withKept('/en/dashboard/payment-history', kept)).toBe('/en/dashboard/payment-history?accountId=QQ%3D%3D&mobile=true');
    expect(withKept('/en/refill?offer=winback', kept)).toBe('/en/refill?offer=winback&accountId=QQ%3D%3D&mobile=true');
    expect(withKept('/en/activation?accountId=Qg%3D%3D', kept)).toBe('/en/activation?accountId=Qg%3D%3D&mobile=true');
    expect(withKept('/en/dashboard#help', kept)).toBe('/en/dashboard?accountId=QQ%3D%3D&mobile=true#help');
  });

  it('leaves links that leave the site, anchors, and an empty kept query alone', () => {
    expect(withKept('https://www.example-cable.com/support', '?mobile=true')).toBe('https://www.example-cable.com/support');
    expect(withKept('//evil.example/x', '?mobile=true')).toBe('//evil.example/x');
    expect(withKept('#reset-router', '?mobile=true')).toBe('#reset-router');
    expect(withKept('/en/dashboard', '')).toBe('/en/dashboard');
  });
});
