import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { BuyContent } from '../content';

/** `/{locale}/buy/error` and `/{locale}/buy/404` (and the catch-all): content title and text. */
export function BuyMessagePage({ page, panel }: { page: 'error' | '404'; panel: BuyContent['errorPage'] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page-message card buy-page" data-page={page} aria-labelledby="buy-heading">
      <title>{panel.title}</title>
      {page === '404' && <div className="buy-404-animation" aria-hidden="true" />}
      <h1 id="buy-heading" ref={heading} tabIndex={-1}>
        {panel.title}
      </h1>
      <p>{panel.description}</p>
      <p>
        {/^https?:/.test(panel.backUrl) ? (
          <a className="button button--primary" href={panel.backUrl}>
            {panel.backLabel}
          </a>
        ) : (
          <Link className="button button--primary" to={panel.backUrl}>
            {panel.backLabel}
          </Link>
        )}
      </p>
    </section>
  );
}
