import { Button } from 'react-aria-components';
import { pageItems } from '../lib/pagination';

export interface PaginationLabels {
  /** The navigation's accessible name. */
  nav: string;
  previous: string;
  next: string;
  /** The accessible name of page `n`'s button. */
  page: (n: number) => string;
}

/**
 * Page buttons with previous and next (the shared rule `lib/pagination` `pageItems`: every page
 * up to 7, above that first, last and the current ±1 with ellipses). Nothing when one page.
 */
export function Pagination({ pages, current, onChange, labels }: { pages: number; current: number; onChange: (page: number) => void; labels: PaginationLabels }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={labels.nav}>
      <Button className="button button--ghost" isDisabled={current <= 1} onPress={() => onChange(current - 1)}>
        {labels.previous}
      </Button>
      <ul className="pagination__pages">
        {pageItems(pages, current).map((item, i) =>
          item === 'ellipsis' ? (
            <li key={`e${i}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                className="button button--page"
                aria-label={labels.page(item)}
                aria-current={item === current ? 'page' : undefined}
                onPress={() => onChange(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
      </ul>
      <Button className="button button--ghost" isDisabled={current >= pages} onPress={() => onChange(current + 1)}>
        {labels.next}
      </Button>
    </nav>
  );
}
