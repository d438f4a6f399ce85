import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRouter, memoryHistory, Route, useLocation } from '../app/router';
import { Providers } from '../app/providers';
import { useLocale } from '../lib/useLocale';
import { profile, sessionHandlers } from '../testing/account';
import { content, en, es } from '../testing/content';
import { contentHandlers } from '../testing/recordings';
import { AccountShell } from './AccountShell';

vi.mock('../lib/leave', () => ({ leaveApp: vi.fn() }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...contentHandlers(content), ...sessionHandlers([])));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Page() {
  const location = useLocation();
  return (
    <AccountShell locale={useLocale()} account="active">
      <h1>Page</h1>
      <output data-testid="where">{location.pathname + location.search}</output>
    </AccountShell>
  );
}

function renderShell(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers client={client}>
      <AppRouter history={memoryHistory(path)}>
        <Route path="/:locale/*">
          <Page />
        </Route>
      </AppRouter>
    </Providers>,
  );
}

// Issue 11: "Every route in en and es, with the language switch swapping the locale segment".
describe("the signed-in shell's language switch", () => {
  it.each([
    ['en', 'es', en, es],
    ['es', 'en', es, en],
  ] as const)('%s -> %s: swaps only the locale segment, keeps the query, and the shell speaks the other language', async (from, to, a, b) => {
    const user = userEvent.setup();
    const rest = '/dashboard/notifications?accountId=ODk5MzEwMDAwMDAwMDEwMQ%3D%3D&bhr=true&mobile=true';
    renderShell(`/${from}${rest}`);
    const greeting = (c: typeof en) => c.all.header.greeting.replace('{name}', profile.greetingName);
    await screen.findByText(greeting(a));
    const toggle = screen.getByTestId('language-toggle');
    expect(toggle).toHaveAttribute('href', `/${to}${rest}`);
    expect(toggle).toHaveAttribute('lang', to);
    expect(toggle).toHaveAttribute('hreflang', to);
    expect(toggle).toHaveTextContent(a.dictionary.switchToLanguage);
    expect(toggle).toHaveAccessibleName(a.dictionary.languageToggleLabel);
    await user.click(toggle);
    expect(screen.getByTestId('where')).toHaveTextContent(`/${to}${rest}`);
    await screen.findByText(greeting(b));
    expect(screen.getByTestId('language-toggle')).toHaveAttribute('href', `/${from}${rest}`);
    expect(screen.getByTestId('language-toggle')).toHaveTextContent(b.dictionary.switchToLanguage);
  });
});
