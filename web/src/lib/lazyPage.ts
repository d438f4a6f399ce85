import { useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyLoaded, moduleLoader } from './moduleLoader';
import { firstPaintShown } from './progressive';

/** A component loaded with its own chunk (`React.lazy`) that can be fetched ahead of its first render. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (once; again after a failure); resolves when it is loaded. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` with a `preload`: a page after a flow's first screen loads its code only when
 * needed, and the page before it fetches it while idle (`preloadWhenIdle`), so a click does not
 * wait for it (ARCHITECTURE.md "First load").
 */
export function lazyPage<P>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  // a failed fetch (offline while idle) is tried again by the next preload
  const loader = moduleLoader(load);
  return Object.assign(lazyLoaded(loader, (component) => component), { preload: loader.load });
}

/**
 * Runs `preload` once the page's first paint is on screen (`firstPaintShown`) and the browser
 * is idle after it; returns the cancel for an effect's cleanup. A failed preload is left to the
 * render that needs the chunk.
 */
export function preloadWhenIdle(preload: () => Promise<unknown>): () => void {
  let cancel = () => {};
  let cancelled = false;
  const run = () => void preload().catch(() => undefined);
  void firstPaintShown().then(() => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 200);
      cancel = () => window.clearTimeout(handle);
    }
  });
  return () => {
    cancelled = true;
    cancel();
  };
}

/**
 * Whether the page's first paint is on screen and the browser has been idle since the component
 * first drew (`preloadWhenIdle`): what can wait for the page to be drawn (a check whose modal
 * opens over the page) is asked for once this is true.
 */
export function useIdleAfterDrawn(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => preloadWhenIdle(async () => setIdle(true)), []);
  return idle;
}
