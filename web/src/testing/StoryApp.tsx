import { useEffect, useState } from 'react';
import { AppRouter, memoryHistory, useLocation, type AppHistory, type AppLocation } from '../app/router';
import { QueryClient } from '@tanstack/react-query';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/routes';
import type { RouteOptions } from '../lib/flows';

/** Where the in-memory app is: `router.state.location` follows every navigation. */
export interface MemoryRouterState {
  state: { location: Pick<AppLocation, 'pathname' | 'search' | 'hash'> };
}

export interface MemoryApp {
  client: QueryClient;
  path: string;
  options: RouteOptions;
  router: MemoryRouterState;
  history: AppHistory;
}

/** The whole app (shell and routes) in memory at `path`, with a fresh query cache that does not retry. */
export function createMemoryApp(path: string, options: RouteOptions = {}): MemoryApp {
  const url = new URL(path, 'http://app');
  return {
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    path,
    options,
    router: { state: { location: { pathname: url.pathname, search: url.search, hash: url.hash } } },
    history: memoryHistory(path),
  };
}

function LocationSpy({ router }: { router: MemoryRouterState }) {
  const location = useLocation();
  router.state.location = location;
  useEffect(() => {
    router.state.location = location;
  }, [router, location]);
  return null;
}

export function MemoryAppView({ app }: { app: MemoryApp }) {
  return (
    <Providers client={app.client}>
      <AppRouter history={app.history}>
        <LocationSpy router={app.router} />
        <AppRoutes options={app.options} />
      </AppRouter>
    </Providers>
  );
}

/** The whole app at `path`: for stories. */
export function StoryApp({ path, options }: { path: string; options?: RouteOptions }) {
  const [app] = useState(() => createMemoryApp(path, options));
  return <MemoryAppView app={app} />;
}
