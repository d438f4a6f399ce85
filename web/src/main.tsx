import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { buildRoutes } from './app/routes';
import { ensureXsrfToken } from './api/client';
import './styles/index.css';

void ensureXsrfToken();

const router = createBrowserRouter(buildRoutes());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
