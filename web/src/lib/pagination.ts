export const PAGE_SIZE = 10;
/** Above this many pages the page buttons compact with ellipses. */
export const MAX_FULL_PAGES = 7;

export type PageItem = number | 'ellipsis';

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

export function pageSlice<T>(items: readonly T[], page: number, size = PAGE_SIZE): T[] {
  const p = clampPage(page, pageCount(items.length, size));
  return items.slice((p - 1) * size, p * size);
}

/**
 * Page buttons (1-based): every page up to 7 pages; above that first, last and current ±1, with
 * an ellipsis for each gap of two or more pages (a gap of one page shows that page instead).
 */
export function pageItems(pages: number, current: number): PageItem[] {
  const n = Math.max(1, Math.trunc(pages));
  const c = clampPage(current, n);
  if (n <= MAX_FULL_PAGES) return Array.from({ length: n }, (_, i) => i + 1);
  const shown = [...new Set([1, c - 1, c, c + 1, n])].filter((p) => p >= 1 && p <= n).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of shown) {
    const gap = p - previous - 1;
    if (gap === 1) items.push(previous + 1);
    else if (gap > 1) items.push('ellipsis');
    items.push(p);
    previous = p;
  }
  return items;
}

/** Case-insensitive contains match on the unit text (seed 000 §5). */
export function filterUnits<T>(items: readonly T[], text: string, unitOf: (item: T) => string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => unitOf(item).toLowerCase().includes(needle));
}
