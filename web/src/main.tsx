import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, browserHistory } from './app/router';
import { Providers } from './app/providers';
import { AppRoutes, preloadScreen } from './app/routes';
import { ensureXsrfToken } from './api/client';
import './styles/index.css';

void ensureXsrfToken();

// the route's screen is fetched first (its chunk is preloaded by the page), so the first render
// draws it: a Suspense fallback once shown holds the screen back until 300 ms have passed
// (React's throttle), which kept every entry route's first screen about 0.3 s behind its code.
// A failed fetch: the route's render tries again. The render is a transition, so it yields to
// the browser every few ms instead of being one long task.
void preloadScreen(location.pathname)
  .catch(() => undefined)
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers>
            <AppRouter history={browserHistory()}>
              <AppRoutes />
            </AppRouter>
          </Providers>
        </StrictMode>,
      ),
    );
  });
