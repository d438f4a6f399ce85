/**
 * A module loaded once, on demand: `load()` (again after a failure) and `loaded()` once it is.
 * Used by the routes (each flow's screen) and by the first screens' later parts
 * (`lib/progressive.ts`); its own module so the app's entry can have it without the rest of
 * `progressive.ts`.
 */
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
          // a failed fetch is tried again by the next load
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => loaded,
  };
}
