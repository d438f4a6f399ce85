import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import { ensureXsrfToken } from './api/client';
import { mountHarnessBadge } from './lib/harnessBadge';
import './styles/index.css';

void ensureXsrfToken();
// harness mode: the active scenario's badge, after the first screen (nothing in production)
mountHarnessBadge();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
