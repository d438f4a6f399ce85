import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, browserHistory } from './app/router';
import { createQueryClient, Providers } from './app/providers';
import { AppRoutes, preloadScreen } from './app/routes';
import { ensureXsrfToken } from './api/client';
import './styles/index.css';

void ensureXsrfToken();
const client = createQueryClient();

// the route's screen is fetched first (its chunk is preloaded by the page), so the first render
// draws it: a Suspense fallback once shown holds the screen back until 300 ms have passed
// (React's throttle), which kept every entry route's first screen about 0.3 s behind its code;
// and so are the queries it reads (their calls are preloaded too), so it is drawn with its data.
// A failed fetch: the route's render tries again. The render is a transition, so it yields to
// the browser every few ms instead of being one long task.
void preloadScreen(location, client)
  .catch(() => undefined)
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers client={client}>
            <AppRouter history={browserHistory()}>
              <AppRoutes />
            </AppRouter>
          </Providers>
        </StrictMode>,
      ),
    );
  });
