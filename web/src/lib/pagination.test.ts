import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterUnits, MAX_FULL_PAGES, pageCount, pageItems, pageSlice, PAGE_SIZE } from './pagination';

const pagesAndCurrent = fc.integer({ min: 1, max: 400 }).chain((pages) =>
  fc.tuple(fc.constant(pages), fc.integer({ min: 1, max: pages })),
);

describe('pageItems', () => {
  it('lists every page up to 7 pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_FULL_PAGES }), fc.integer({ min: 1, max: 7 }), (pages, c) => {
        expect(pageItems(pages, c)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
      }),
    );
  });

  it('above 7 pages: first, last, current ±1, ascending, at most 7 items, no adjacent ellipses', () => {
    fc.assert(
      fc.property(pagesAndCurrent.filter(([p]) => p > MAX_FULL_PAGES), ([pages, current]) => {
        const items = pageItems(pages, current);
        const numbers = items.filter((i): i is number => i !== 'ellipsis');
        expect(numbers[0]).toBe(1);
        expect(numbers[numbers.length - 1]).toBe(pages);
        for (const p of [current - 1, current, current + 1]) if (p >= 1 && p <= pages) expect(numbers).toContain(p);
        for (let i = 1; i < numbers.length; i++) expect(numbers[i]!).toBeGreaterThan(numbers[i - 1]!);
        expect(items.length).toBeLessThanOrEqual(7);
        expect(items).toContain('ellipsis');
        items.forEach((item, i) => {
          if (item === 'ellipsis') {
            expect(items[i + 1]).not.toBe('ellipsis');
            // an ellipsis hides at least two pages
            expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(2);
          } else if (typeof items[i + 1] === 'number') {
            expect(items[i + 1]).toBe(item + 1);
          }
        });
      }),
    );
  });

  it('compacts as described for 20 pages', () => {
    expect(pageItems(20, 1)).toEqual([1, 2, 'ellipsis', 20]);
    expect(pageItems(20, 10)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(pageItems(8, 4)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
  });
});

describe('pageSlice', () => {
  it('pages partition the list in order, 10 per page', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 250 }), (list) => {
        const pages = pageCount(list.length);
        const joined = Array.from({ length: pages }, (_, i) => pageSlice(list, i + 1)).flat();
        expect(joined).toEqual(list);
        for (let p = 1; p <= pages; p++) expect(pageSlice(list, p).length).toBeLessThanOrEqual(PAGE_SIZE);
      }),
    );
  });
});

describe('filterUnits', () => {
  it('is a case-insensitive contains match that keeps the order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 })), fc.string({ maxLength: 3 }), (units, text) => {
        const out = filterUnits(units, text, (u) => u);
        const needle = text.trim().toLowerCase();
        expect(out).toEqual(units.filter((u) => u.toLowerCase().includes(needle)));
      }),
    );
  });
});
