import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { Providers } from '../app/providers';
import { buildRoutes } from '../app/routes';
import type { RouteOptions } from '../lib/flows';

export interface MemoryApp {
  client: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

/** The whole app (shell and routes) in memory at `path`, with a fresh query cache that does not retry. */
export function createMemoryApp(path: string, options: RouteOptions = {}): MemoryApp {
  return {
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    router: createMemoryRouter(buildRoutes(options), { initialEntries: [path] }),
  };
}

export function MemoryAppView({ app }: { app: MemoryApp }) {
  return (
    <Providers client={app.client}>
      <RouterProvider router={app.router} />
    </Providers>
  );
}

/** The whole app at `path`: for stories. */
export function StoryApp({ path, options }: { path: string; options?: RouteOptions }) {
  const [app] = useState(() => createMemoryApp(path, options));
  return <MemoryAppView app={app} />;
}
