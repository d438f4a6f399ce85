import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A module loaded once, on demand: `load()` (again after a failure) and `loaded()` once it is.
 * Used by the routes (each flow's screen), the first screens' later parts
 * (`lib/progressive.ts`, `lib/lazyPage.ts`) and the modals' code (`components/LazyModal.tsx`); its
 * own module so the app's entry can have it without the rest of `progressive.ts`.
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

/**
 * `React.lazy` of the component `pick` takes from `loader`'s module, which does not suspend once
 * the module is in: a component whose code was fetched ahead (a route's screen, a preloaded page,
 * a modal) draws in the render that first needs it. A `lazy` of a loaded module's promise still
 * suspends once (its callbacks run after the render), and a Suspense fallback once shown holds
 * what replaces it back until 300 ms have passed (React's throttle): the welcome tour showed
 * 0.3 s after its code and the sync-up answer were in.
 */
export function lazyLoaded<M, P>(loader: ModuleLoader<M>, pick: (module: M) => ComponentType<P>): LazyExoticComponent<ComponentType<P>> {
  type Loaded = { default: ComponentType<P> };
  return lazy(() => {
    const loaded = loader.loaded();
    // a thenable that resolves as `lazy` subscribes, so it reads the component in the same render
    if (loaded !== undefined) return { then: (resolve: (m: Loaded) => void) => resolve({ default: pick(loaded) }) } as unknown as Promise<Loaded>;
    return loader.load().then((module) => ({ default: pick(module) }));
  });
}
