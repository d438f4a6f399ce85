import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  formatPhone,
  isValidDeviceCode,
  isValidUsPhone,
  isValidZip,
  normalizeDeviceCode,
  normalizeZip,
  phoneDigits,
  shouldSuggest,
} from './normalize';

describe('device code', () => {
  it('keeps only digits, at most 6, in order', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = normalizeDeviceCode(s);
        expect(out).toMatch(/^\d{0,6}$/);
        expect(digitsOnly(s).startsWith(out)).toBe(true);
        expect(normalizeDeviceCode(out)).toBe(out);
      }),
    );
  });
  it('is valid exactly at 6 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,9}$/), (d) => {
        expect(isValidDeviceCode(d)).toBe(d.length === 6);
      }),
    );
    expect(normalizeDeviceCode('48-29 13x9')).toBe('482913');
  });
});

describe('zip', () => {
  it('keeps at most 5 digits and is valid only at 5', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const z = normalizeZip(s);
        expect(z).toMatch(/^\d{0,5}$/);
        expect(isValidZip(z)).toBe(z.length === 5);
      }),
    );
    expect(isValidZip('3030')).toBe(false);
    expect(isValidZip('303091')).toBe(false);
  });
});

describe('phone', () => {
  it('formats progressively and round-trips its digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const shown = formatPhone(s);
        expect(phoneDigits(shown)).toBe(digitsOnly(s).slice(0, 10));
        expect(formatPhone(shown)).toBe(shown);
        expect(shown.length).toBeLessThanOrEqual(14);
      }),
    );
  });
  it('shows a full number as (xxx) xxx-xxxx', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (d) => {
        expect(formatPhone(d)).toBe(`(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`);
      }),
    );
    expect(formatPhone('404555')).toBe('(404) 555');
    expect(formatPhone('40')).toBe('(40');
  });
  it('accepts US 10-digit numbers only', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/), (d) => {
        expect(isValidUsPhone(formatPhone(d))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,9}$/), (d) => {
        expect(isValidUsPhone(d)).toBe(false);
      }),
    );
    expect(isValidUsPhone('(104) 555-0123')).toBe(false);
  });
});

describe('suggestions threshold', () => {
  it('starts above one non-space character', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(shouldSuggest(s)).toBe(s.replace(/\s/g, '').length > 1);
      }),
    );
    expect(shouldSuggest(' 1 ')).toBe(false);
    expect(shouldSuggest('1 2')).toBe(true);
  });
});
