import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import type { AllContent } from '../../content/hooks';
import { accountInformationHandlers, type PrefsCall } from './handlers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...contentHandlers(content)));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const syncTexts = (locale: 'en' | 'es') => (content[locale].all as unknown as AllContent).syncUp;

describe('sync-up modal (seed 001 §2 "Page shell", "Dashboard", §5)', () => {
  it.each(['en', 'es'] as const)('%s: shows name, sign-in ID, mobile, e-mail with the defaults; submits only the choices', async (locale) => {
    const t = syncTexts(locale);
    const calls: PrefsCall[] = [];
    server.use(...accountInformationHandlers({ syncUpOpen: true }, calls));
    const user = userEvent.setup();
    renderApp(`/${locale}/dashboard/account-information`);
    const modal = await screen.findByTestId('sync-up-modal');
    expect(within(modal).getByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(modal).toHaveTextContent('Alexandra Rivera');
    // the sign-in ID is the verified mobile, ###-###-####
    expect(modal).toHaveTextContent(`${t.signInIdLabel}215-555-0112`);
    expect(modal).toHaveTextContent('alex@example.com');
    const sms = within(modal).getByRole('checkbox', { name: t.smsOptIn });
    expect(sms).not.toBeChecked();
    expect(within(modal).getByRole('radio', { name: t.english })).toBeChecked();
    await user.click(within(modal).getByRole('radio', { name: t.spanish }));
    await user.click(sms);
    await user.click(within(modal).getByRole('button', { name: t.submit }));
    await waitFor(() => expect(screen.queryByTestId('sync-up-modal')).not.toBeInTheDocument());
    expect(calls.find((x) => x.op === 'submitSyncUp')).toEqual({ op: 'submitSyncUp', body: { language: 'SPANISH', smsOptIn: true } });
  });

  it('a failed sync-up keeps the modal open with the message', async () => {
    const t = syncTexts('en');
    server.use(...accountInformationHandlers({ syncUpOpen: true, syncUp: { status: 502, errorCode: 'UPSTREAM_ERROR' } }));
    const user = userEvent.setup();
    renderApp('/en/dashboard/account-information');
    const modal = await screen.findByTestId('sync-up-modal');
    await user.click(within(modal).getByRole('button', { name: t.submit }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(t.failed);
    expect(modal).toHaveAttribute('data-stage', 'sync-up-failed');
  });

  it('closing counts as shown; a closed answer never opens it', async () => {
    const t = syncTexts('en');
    server.use(...accountInformationHandlers({ syncUpOpen: true }));
    const user = userEvent.setup();
    renderApp('/en/dashboard/account-information');
    const modal = await screen.findByTestId('sync-up-modal');
    await user.click(within(modal).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByTestId('sync-up-modal')).not.toBeInTheDocument());
  });

  it('not offered: no modal', async () => {
    const calls: PrefsCall[] = [];
    server.use(...accountInformationHandlers({ syncUpOpen: false }, calls));
    renderApp('/en/dashboard/account-information');
    await screen.findByTestId('preferences-card');
    await waitFor(() => expect(calls.some((x) => x.op === 'getSyncUp')).toBe(true));
    expect(screen.queryByTestId('sync-up-modal')).not.toBeInTheDocument();
  });
});
