import { useEffect, useRef, type ReactNode } from 'react';
import type { BuyPageId } from '../routes';
import { useBuyState } from '../state';

/**
 * A full loading screen: hides the progress bar while shown (seed 000 §2), except on the
 * session hand-off, whose loading screen has its own bar values (40, 50 after the return).
 */
export function LoadScreen({
  page,
  text,
  children,
  keepProgress = false,
}: {
  page: BuyPageId;
  text: string;
  children?: ReactNode;
  keepProgress?: boolean;
}) {
  const { setLoadScreen } = useBuyState();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (keepProgress) return;
    setLoadScreen(true);
    return () => setLoadScreen(false);
  }, [setLoadScreen, keepProgress]);
  return (
    <section className="card stage--loading buy-page" data-page={page} data-loading="true" aria-busy="true" aria-labelledby="buy-heading">
      <div className="spinner" aria-hidden="true" />
      <div role="status">
        <h1 id="buy-heading" ref={heading} tabIndex={-1}>
          {text}
        </h1>
        {children}
      </div>
    </section>
  );
}
