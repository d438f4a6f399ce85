import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import type { Schemas } from '../../api/client';
import { accountInformationHandlers, type PrefsCall } from './handlers';
import { changed } from './PreferencesCard';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...contentHandlers(content)));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const texts = (locale: 'en' | 'es') =>
  (content[locale].accountDashboard as unknown as Schemas['AccountDashboard']).accountInformation;
const PATH = (locale: string) => `/${locale}/dashboard/account-information`;

describe('account information page (seed 001 §2 "Account info card", "Communication preferences")', () => {
  it.each(['en', 'es'] as const)('%s: the card shows name, pronoun, ID, phone as ###-###-#### and verified labels', async (locale) => {
    const c = texts(locale);
    server.use(...accountInformationHandlers());
    renderApp(PATH(locale));
    const card = await screen.findByTestId('account-info-card');
    expect(within(card).getByRole('heading', { level: 2, name: c.card.heading })).toBeInTheDocument();
    expect(card).toHaveTextContent('Alex Rivera');
    expect(card).toHaveTextContent('they/them');
    expect(card).toHaveTextContent('8993100000001201');
    expect(screen.getByTestId('account-mobile')).toHaveTextContent(`215-555-0112 ${c.card.verified}`);
    expect(screen.getByTestId('account-email')).toHaveTextContent(`alex@example.com ${c.card.unverified}`);
    expect(within(card).getByRole('link', { name: c.card.updateLink.label })).toHaveAttribute('href', c.card.updateLink.url);
    const prefs = screen.getByTestId('preferences-card');
    expect(prefs).toHaveTextContent(c.preferences.english);
    expect(prefs).toHaveTextContent(c.preferences.smsOff);
  });

  it('Update is enabled only on a change; the change is sent and confirmed in a modal', async () => {
    const c = texts('en').preferences;
    const calls: PrefsCall[] = [];
    server.use(...accountInformationHandlers({}, calls));
    const user = userEvent.setup();
    renderApp(PATH('en'));
    await user.click(await screen.findByRole('button', { name: c.edit }));
    const update = screen.getByRole('button', { name: c.update });
    expect(update).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: c.spanish }));
    expect(update).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: c.english }));
    expect(update).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: c.smsLabel }));
    expect(update).toBeEnabled();
    await user.click(update);
    const modal = await screen.findByTestId('preferences-saved');
    expect(modal).toHaveTextContent(c.savedTitle);
    expect(calls.filter((x) => x.op === 'updateCommunicationPreferences')).toEqual([
      { op: 'updateCommunicationPreferences', body: { language: 'ENGLISH', smsOptIn: true } },
    ]);
    await user.click(within(modal).getByRole('button', { name: c.close }));
    await waitFor(() => expect(screen.getByTestId('preferences-card')).toHaveTextContent(c.smsOn));
  });

  it.each(['en', 'es'] as const)('%s: a failed update keeps the form with the catalogue message', async (locale) => {
    const c = texts(locale).preferences;
    server.use(...accountInformationHandlers({ update: { status: 502, errorCode: 'UPSTREAM_ERROR' } }));
    const user = userEvent.setup();
    renderApp(PATH(locale));
    await user.click(await screen.findByRole('button', { name: c.edit }));
    await user.click(screen.getByRole('radio', { name: c.spanish }));
    await user.click(screen.getByRole('button', { name: c.update }));
    expect(await screen.findByRole('alert')).toHaveTextContent(c.failed);
    expect(screen.getByTestId('preferences-card')).toHaveAttribute('data-stage', 'update-failed');
    expect(screen.queryByTestId('preferences-saved')).not.toBeInTheDocument();
  });

  it('a failed read shows the connection message, never a blank page', async () => {
    server.use(...accountInformationHandlers({ info: { status: 502, errorCode: 'UPSTREAM_ERROR' } }));
    renderApp(PATH('es'));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts('es').loadFailed);
  });

  it('changed compares language and SMS opt-in', () => {
    const saved = { language: 'ENGLISH', smsOptIn: false } as const;
    expect(changed(saved, { ...saved })).toBe(false);
    expect(changed(saved, { ...saved, smsOptIn: true })).toBe(true);
    expect(changed(saved, { ...saved, language: 'SPANISH' })).toBe(true);
  });
});
