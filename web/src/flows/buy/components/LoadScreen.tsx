import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { BuyPageId } from '../routes';
import { useBuyState } from '../state';

/** Seed 000 §2, §9: the loading screen's timed message after 15 s. */
export const LOAD_SCREEN_TIMED_MS = 15_000;

/**
 * A full loading screen: hides the progress bar while shown (seed 000 §2), except on the
 * session hand-off, whose loading screen has its own bar values (40, 50 after the return).
 * After 15 s it says it is still working (`timedMessage`, seed 000 §2), on every long wait.
 */
export function LoadScreen({
  page,
  text,
  timedMessage,
  children,
  keepProgress = false,
}: {
  page: BuyPageId;
  text: string;
  /** Shown after 15 s (`buyflow.session.timedMessage`); the session page draws its own. */
  timedMessage?: string;
  children?: ReactNode;
  keepProgress?: boolean;
}) {
  const { setLoadScreen } = useBuyState();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), LOAD_SCREEN_TIMED_MS);
    return () => clearTimeout(timer);
  }, []);
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
        {slow && timedMessage && <p data-testid="load-timed-message">{timedMessage}</p>}
      </div>
    </section>
  );
}
