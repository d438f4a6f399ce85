import { render } from '@testing-library/react';
import type { RouteOptions } from '../lib/flows';
import { createMemoryApp, MemoryAppView } from './StoryApp';

/** Renders the whole app at `path` (Vitest); returns its router and query client too. */
export function renderApp(path: string, options: RouteOptions = {}) {
  const app = createMemoryApp(path, options);
  return { ...render(<MemoryAppView app={app} />), ...app };
}
