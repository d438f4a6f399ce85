import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignLanguage, swapLocalePath } from './locale';

describe('swapLocalePath', () => {
  it('swaps the locale segment and keeps the rest', () => {
    expect(swapLocalePath('/en/dollargeneral', 'es')).toBe('/es/dollargeneral');
    expect(swapLocalePath('/es/dollargeneral', 'en')).toBe('/en/dollargeneral');
    expect(swapLocalePath('/en', 'es')).toBe('/es');
    expect(swapLocalePath('/en/error', 'es')).toBe('/es/error');
    expect(swapLocalePath('/english/x', 'es')).toBe('/es/english/x');
  });
  it('round-trips any rest of the path', () => {
    fc.assert(
      fc.property(fc.webPath(), (rest) => {
        const path = `/en${rest.startsWith('/') ? rest : `/${rest}`}`;
        expect(swapLocalePath(swapLocalePath(path, 'es'), 'en')).toBe(path);
      }),
    );
  });
});

describe('assignLanguage', () => {
  it('is Spanish only under /es/', () => {
    expect(assignLanguage('/es/dollargeneral')).toBe('Spanish');
    expect(assignLanguage('/en/dollargeneral')).toBe('English');
  });
});
