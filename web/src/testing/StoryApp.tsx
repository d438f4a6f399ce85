import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { Providers } from '../app/providers';
import { buildRoutes, type RouteOptions } from '../app/routes';

/** The whole app (shell and routes) at `path`, with a fresh query cache: for stories. */
export function StoryApp({ path, options }: { path: string; options?: RouteOptions }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [router] = useState(() => createMemoryRouter(buildRoutes(options), { initialEntries: [path] }));
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
