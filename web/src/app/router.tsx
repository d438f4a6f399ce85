import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import { Link as WouterLink, Router } from 'wouter';

/**
 * The app's router: wouter (`Switch`, `Route`, `Redirect`, `useParams`, links) on a history
 * held as React state, so a navigation keeps what React Router gave the app:
 * - a navigation is a transition: a page whose chunk is still loading leaves the page it
 *   replaces on view rather than the loading placeholder;
 * - `useLocation()` is the whole location (`pathname`, `search` and `hash` as in the address,
 *   not decoded; `state`, `null` unless the navigation gave one, as the browser's history keeps it);
 * - a link to where the customer already is replaces the history entry.
 * Every path is absolute (`/{locale}/...`). Everything routing-related is imported from here.
 */
export { Redirect, Route, Switch, useParams } from 'wouter';

/** Where the app is. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Kept with the entry (`useLocation().state`); `null` when not given. */
  state?: unknown;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

/** A history the app runs on: the browser's, or one in memory (tests, stories). */
export interface AppHistory {
  location(): AppLocation;
  go(to: string, replace: boolean, state: unknown): void;
  listen(onChange: () => void): () => void;
}

/** The browser's history: `pushState`/`replaceState`, and `popstate` for back, forward and `#` links. */
export function browserHistory(): AppHistory {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    location: () => ({ pathname: location.pathname, search: location.search, hash: location.hash, state: history.state as unknown }),
    go(to, replace, state) {
      try {
        history[replace ? 'replaceState' : 'pushState'](state, '', to);
      } catch (error) {
        // a state the browser cannot keep is a bug; anything else (a history the browser
        // limits) loads the page instead
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location[replace ? 'replace' : 'assign'](to);
        return;
      }
      notify();
    },
    listen(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1) window.addEventListener('popstate', notify);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) window.removeEventListener('popstate', notify);
      };
    },
  };
}

/** `/a/b?c#d` as a location (absolute paths only). */
function parsePath(to: string, state: unknown): AppLocation {
  const hashAt = to.indexOf('#');
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  const rest = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt < 0 ? rest : rest.slice(0, searchAt),
    search: searchAt < 0 ? '' : rest.slice(searchAt),
    hash: hash === '#' ? '' : hash,
    state,
  };
}

/** A history in memory starting at `path` (tests and stories). */
export function memoryHistory(path: string): AppHistory {
  let current = parsePath(path, null);
  const listeners = new Set<() => void>();
  return {
    location: () => current,
    go(to, _replace, state) {
      current = parsePath(to, state);
      listeners.forEach((l) => l());
    },
    listen(onChange) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
  };
}

const same = (a: AppLocation, b: AppLocation) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

const RouterContext = createContext<{ location: AppLocation; navigate: Navigate } | null>(null);

function useRouterContext() {
  const context = useContext(RouterContext);
  if (!context) throw new Error('routing outside <AppRouter>');
  return context;
}

// wouter's location hooks: its routes and links read and move this router's location
const useWouterLocation = (): [string, Navigate] => {
  const { location, navigate } = useRouterContext();
  return [location.pathname, navigate];
};
const useWouterSearch = (): string => useRouterContext().location.search;

/** Routes the app on `history` (the browser's in `main.tsx`, `memoryHistory` in tests and stories). */
export function AppRouter({ history: appHistory, children }: { history: AppHistory; children: ReactNode }) {
  const [where, setWhere] = useState(() => appHistory.location());
  useLayoutEffect(() => {
    const update = () => {
      const next = appHistory.location();
      startTransition(() => setWhere((prev) => (same(prev, next) ? prev : next)));
    };
    const stop = appHistory.listen(update);
    // a navigation a child made while mounting, before this listened
    update();
    return stop;
  }, [appHistory]);
  const navigate = useCallback<Navigate>((to, options = {}) => appHistory.go(to, options.replace === true, options.state ?? null), [appHistory]);
  const value = useMemo(() => ({ location: where, navigate }), [where, navigate]);
  return (
    <RouterContext.Provider value={value}>
      <Router hook={useWouterLocation} searchHook={useWouterSearch}>
        {children}
      </Router>
    </RouterContext.Provider>
  );
}

/** Where the app is. */
export function useLocation(): AppLocation {
  return useRouterContext().location;
}

/** Goes to an absolute path; stable between renders. */
export function useNavigate(): Navigate {
  return useRouterContext().navigate;
}

/** The query of the current location. */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the app. */
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** A link inside the app: a plain click navigates without loading the page. */
export function Link({ to, replace, state, ...anchor }: LinkProps) {
  const { pathname, search, hash } = useLocation();
  return <WouterLink to={to} replace={replace ?? to === pathname + search + hash} state={state} {...anchor} />;
}
