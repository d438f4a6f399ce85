import { describe, expect, it } from 'vitest';
import { formatPhone, maskPhoneInput, PHONE_INPUT_MAX, phoneDigits } from './phone';

describe('formatPhone', () => {
  it('writes 10 digits as ###-###-####', () => {
    expect(formatPhone('4045550201')).toBe('404-555-0201');
    expect(formatPhone('(404) 555 0201')).toBe('404-555-0201');
  });
  it('leaves anything else as given', () => {
    expect(formatPhone('555')).toBe('555');
    expect(formatPhone('')).toBe('');
  });
});

describe('maskPhoneInput (seed 002 §5, quick refill step 1)', () => {
  it('shows the digits as (xxx) xxx - xxxx while they are typed', () => {
    expect(['', '4', '404', '4045', '404555', '4045550', '4045550201'].map(maskPhoneInput)).toEqual([
      '',
      '(4',
      '(404',
      '(404) 5',
      '(404) 555',
      '(404) 555 - 0',
      '(404) 555 - 0201',
    ]);
  });
  it('keeps digits only, at most 10, within the 16-character field', () => {
    expect(maskPhoneInput('4a0b4-555.0201 999')).toBe('(404) 555 - 0201');
    expect(phoneDigits('(404) 555 - 0201')).toBe('4045550201');
    expect(maskPhoneInput('99999999999999999999').length).toBe(PHONE_INPUT_MAX);
  });
});
