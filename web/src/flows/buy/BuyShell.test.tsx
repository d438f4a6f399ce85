import { configure, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingHandlers, type Recording } from '../../testing/recordings';
import { content } from '../../testing/content';
import { renderApp } from '../../testing/render';
import type { BuyContent } from './content';
import { buyHref } from './routes';
import { KEYS } from './storage';
import happyJson from './recordings/happy-promo-accepted.json';

// the first page of a run loads the lazy buy chunk: slow on a busy machine
configure({ asyncUtilTimeout: 15_000 });

const happy = happyJson as unknown as Recording;
const buyflow = { en: content.en.buyflow as unknown as BuyContent, es: content.es.buyflow as unknown as BuyContent };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...recordingHandlers(happy, content)));
afterEach(() => {
  server.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => server.close());

/** Back from the identity router with a session: the visitor is signed in (what the session page keeps). */
const signedIn = () => sessionStorage.setItem(KEYS.restored, JSON.stringify({ complete: false }));

describe('buy shell log-out link (seed 000 §2)', () => {
  it.each(['en', 'es'] as const)('%s: signed in, it goes to the sign-out endpoint with the prepaid client id', async (locale) => {
    signedIn();
    renderApp(buyHref(locale, '404'));
    const { label, url } = buyflow[locale].logout;
    const link = await screen.findByRole('link', { name: label });
    expect(link).toHaveAttribute('href', url);
    expect(url).toMatch(/^https:\/\/login\.example-cable\.com\/.*[?&]client_id=prepaid-digital(&|$)/);
  });

  it('is hidden when the content disables it', async () => {
    const disabled = { ...buyflow.en, logout: { ...buyflow.en.logout, disabled: true } };
    server.use(http.get('*/-/api/my.prepaid/buyflow', () => HttpResponse.json(disabled)));
    signedIn();
    renderApp(buyHref('en', '404'));
    await screen.findByRole('heading', { level: 1, name: buyflow.en.notFound.title });
    expect(screen.queryByTestId('logout')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: buyflow.en.logout.label })).not.toBeInTheDocument();
  });

  it.each(['en', 'es'] as const)('%s: an anonymous visitor (nobody signed in yet) gets none', async (locale) => {
    renderApp(buyHref(locale, '404'));
    await screen.findByRole('heading', { level: 1, name: buyflow[locale].notFound.title });
    expect(screen.queryByTestId('logout')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: buyflow[locale].logout.label })).not.toBeInTheDocument();
  });
});
