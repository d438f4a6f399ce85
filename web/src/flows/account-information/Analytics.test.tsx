import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Schemas } from '../../api/client';
import type { AllContent } from '../../content/hooks';
import { profile } from '../../testing/account';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { accountInformationHandlers } from './handlers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...contentHandlers(content)));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Pushed = Record<string, unknown>;
const pushed = () => (window.dataLayer ?? []) as Pushed[];
const pageViews = () => pushed().filter((e) => e.event === 'pageView');
const prefs = (locale: 'en' | 'es') =>
  (content[locale].accountDashboard as unknown as Schemas['AccountDashboard']).accountInformation.preferences;
const syncTexts = (locale: 'en' | 'es') => (content[locale].all as unknown as AllContent).syncUp;

/** Nothing personal of the signed-in identity in any event (seed 001 §2, §8). */
function expectNoPersonalData() {
  const text = JSON.stringify(pushed());
  for (const value of [profile.firstName, profile.lastName, profile.email, profile.mobile, profile.uid, profile.accountId]) {
    expect(text).not.toContain(value);
  }
}

describe('account information analytics (seed 001 §2, §8; 002 §2.1)', () => {
  it.each(['en', 'es'] as const)('%s: one authenticated page view of the account area', async (locale) => {
    server.use(...accountInformationHandlers());
    renderApp(`/${locale}/dashboard/account-information`);
    await screen.findByTestId('preferences-card');
    await waitFor(() =>
      expect(pageViews()).toEqual([
        { event: 'pageView', flowType: 'account|prepaid', step: 'account-information', locale, customerType: 'existing', authenticated: true },
      ]),
    );
    expect(pushed().filter((e) => e.event === 'apiError')).toEqual([]);
  });

  it('a failed read is reported as getAccountInformation', async () => {
    server.use(...accountInformationHandlers({ info: { status: 502, errorCode: 'UPSTREAM_ERROR' } }));
    renderApp('/en/dashboard/account-information');
    await screen.findByRole('alert');
    await waitFor(() =>
      expect(pushed()).toContainEqual({ event: 'apiError', call: 'getAccountInformation', errorCode: 'UPSTREAM_ERROR', errorMessage: 'UPSTREAM_ERROR' }),
    );
  });

  it('a failed preferences update is reported with its call, code and message, once, and nothing personal', async () => {
    const c = prefs('es');
    server.use(...accountInformationHandlers({ update: { status: 502, errorCode: 'UPSTREAM_ERROR' } }));
    const user = userEvent.setup();
    renderApp('/es/dashboard/account-information');
    await user.click(await screen.findByRole('button', { name: c.edit }));
    await user.click(screen.getByRole('radio', { name: c.spanish }));
    await user.click(screen.getByRole('button', { name: c.update }));
    expect(await screen.findByRole('alert')).toHaveTextContent(c.failed);
    const errors = pushed().filter((e) => e.event === 'apiError');
    expect(errors).toEqual([{ event: 'apiError', call: 'updateCommunicationPreferences', errorCode: 'UPSTREAM_ERROR', errorMessage: 'UPSTREAM_ERROR' }]);
    expect(pageViews()).toHaveLength(1);
    expectNoPersonalData();
  });

  it('a refused unchanged update (409) is reported too', async () => {
    const c = prefs('en');
    server.use(...accountInformationHandlers({ update: { status: 409, errorCode: 'PREFERENCES_UNCHANGED' } }));
    const user = userEvent.setup();
    renderApp('/en/dashboard/account-information');
    await user.click(await screen.findByRole('button', { name: c.edit }));
    await user.click(screen.getByRole('switch', { name: c.smsLabel }));
    await user.click(screen.getByRole('button', { name: c.update }));
    await screen.findByRole('alert');
    expect(pushed()).toContainEqual({
      event: 'apiError',
      call: 'updateCommunicationPreferences',
      errorCode: 'PREFERENCES_UNCHANGED',
      errorMessage: 'PREFERENCES_UNCHANGED',
    });
  });

  it('a failed sync-up is reported as submitSyncUp', async () => {
    const t = syncTexts('en');
    server.use(...accountInformationHandlers({ syncUpOpen: true, syncUp: { status: 502, errorCode: 'UPSTREAM_ERROR' } }));
    const user = userEvent.setup();
    renderApp('/en/dashboard/account-information');
    const modal = await screen.findByTestId('sync-up-modal');
    await user.click(within(modal).getByRole('button', { name: t.submit }));
    await within(modal).findByRole('alert');
    expect(pushed().filter((e) => e.event === 'apiError')).toEqual([
      { event: 'apiError', call: 'submitSyncUp', errorCode: 'UPSTREAM_ERROR', errorMessage: 'UPSTREAM_ERROR' },
    ]);
    expectNoPersonalData();
  });
});
