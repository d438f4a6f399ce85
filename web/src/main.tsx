import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, browserHistory } from './app/router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import { ensureXsrfToken } from './api/client';
import './styles/index.css';

void ensureXsrfToken();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter history={browserHistory()}>
        <AppRoutes />
      </AppRouter>
    </Providers>
  </StrictMode>,
);
