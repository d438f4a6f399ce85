import type { Meta, StoryObj } from '@storybook/react-vite';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AppRouter, memoryHistory, Route } from '../app/router';
import { expect, waitFor, within } from 'storybook/test';
import { createQueryClient, Providers } from '../app/providers';
import { markAction, profileQuery } from '../lib/accountSession';
import { useLocale } from '../lib/useLocale';
import { sessionHandlers } from '../testing/account';
import { content } from '../testing/content';
import { contentHandlers } from '../testing/recordings';
import { AccountShell, type AccountShellProps } from './AccountShell';
import { IDLE_WARNING_MS } from './SessionTimeout';

type Props = Omit<AccountShellProps, 'locale' | 'children'> & { path: string; idle?: boolean };

function Page(props: Omit<AccountShellProps, 'locale' | 'children'>) {
  return (
    <AccountShell locale={useLocale()} {...props}>
      <section className="signin-page" data-page="shell-story">
        <h1>…</h1>
      </section>
    </AccountShell>
  );
}

/** Once the page's calls are done, makes the last action 750 s old: the timeout modal opens. */
function IdleNow() {
  const fetching = useIsFetching();
  const profile = useQuery(profileQuery);
  useEffect(() => {
    if (profile.isSuccess && fetching === 0) markAction(Date.now() - IDLE_WARNING_MS);
  }, [profile.isSuccess, fetching]);
  return null;
}

/** The signed-in shell around an empty page; `idle`: the session-timeout modal open. */
function ShellStory({ path, idle, ...props }: Props) {
  const [client] = useState(createQueryClient);
  const [history] = useState(() => memoryHistory(path));
  return (
    <Providers client={client}>
      {idle && <IdleNow />}
      <AppRouter history={history}>
        <Route path="/:locale/*">
          <Page {...props} />
        </Route>
      </AppRouter>
    </Providers>
  );
}

const meta = {
  title: 'Account shell',
  component: ShellStory,
  parameters: { layout: 'fullscreen', msw: { handlers: [...contentHandlers(content), ...sessionHandlers([])] } },
} satisfies Meta<typeof ShellStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const greeted: Story['play'] = async ({ canvasElement }) => {
  await waitFor(() => expect(within(canvasElement).getByTestId('greeting')).toHaveTextContent(/Alex/), { timeout: 10_000 });
};

export const ActiveEn: Story = { args: { path: '/en/dashboard', account: 'active', promo: true }, play: greeted };
export const ActiveEs: Story = { args: { path: '/es/dashboard', account: 'active' }, play: greeted };
export const DeactivatedWithMoveEn: Story = { args: { path: '/en/dashboard', account: 'deactivated', moveScheduled: true }, play: greeted };
export const InAppEs: Story = { args: { path: '/es/dashboard?mobile=true', account: 'active' }, play: greeted };

const timeoutOpen: Story['play'] = async ({ canvasElement }) => {
  // the modal renders in a portal on the document's body
  const body = within(canvasElement.ownerDocument.body);
  await waitFor(() => expect(body.getByTestId('session-timeout')).toBeVisible(), { timeout: 10_000 });
};

export const SessionTimeoutEn: Story = { args: { path: '/en/dashboard', account: 'active', idle: true }, play: timeoutOpen };
export const SessionTimeoutEs: Story = { args: { path: '/es/dashboard', account: 'active', idle: true }, play: timeoutOpen };
