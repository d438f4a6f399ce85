import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

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
