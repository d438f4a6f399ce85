import { describe, expect, it } from 'vitest';
import { formatMac, MAC_LENGTH, macComplete } from './mac';

describe('formatMac (seed 001 §5)', () => {
  it.each([
    ['', ''],
    ['a', 'A'],
    ['ab', 'AB'],
    ['abc', 'AB:C'],
    ['a4b1-0000-0202', 'A4:B1:00:00:02:02'],
    ['12:34:56:78:90:ab', '12:34:56:78:90:AB'],
    ['zz12 34gg56', '12:34:56'],
    ['1234567890abcdef', '12:34:56:78:90:AB'],
    ['A4:B1:00:00:02:0', 'A4:B1:00:00:02:0'],
  ])('%j -> %j', (typed, shown) => {
    expect(formatMac(typed)).toBe(shown);
  });

  it('is idempotent and never longer than 17 characters', () => {
    for (const typed of ['a4b1-0000-0202-ffff', '::::', 'g'.repeat(40), '0'.repeat(40), 'aB:cD:eF:01:23:45:67']) {
      const once = formatMac(typed);
      expect(formatMac(once)).toBe(once);
      expect(once.length).toBeLessThanOrEqual(MAC_LENGTH);
      expect(once).toMatch(/^([0-9A-F]{2}:)*[0-9A-F]{0,2}$/);
    }
  });

  it('Submit is enabled only at 17 characters', () => {
    expect(macComplete(formatMac('a4b1000002'))).toBe(false);
    expect(macComplete(formatMac('a4b100000202'))).toBe(true);
  });
});
