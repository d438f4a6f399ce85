/**
 * Progressive loading of a first screen's heavier parts (ARCHITECTURE.md "First load"): the
 * screen draws a plain stand-in, the part's code is asked for once that screen is painted, and
 * the part takes the stand-in's place (the address check's form, its street combobox).
 */

/**
 * Runs `run` once the frame that shows the current commit is painted (so the first screen is
 * drawn before the code is asked for); returns its cancel.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => void (timer = setTimeout(run, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** A module loaded once, on demand: `load()` (again after a failure) and `loaded()` once it is. */
export interface ModuleLoader<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

export function moduleLoader<M>(importer: () => Promise<M>): ModuleLoader<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () =>
      (loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => loaded,
  };
}
