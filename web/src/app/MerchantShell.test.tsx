import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentHandlers } from '../testing/recordings';
import { content, en, es } from '../test/content';
import { renderApp } from '../test/render';

const server = setupServer(...contentHandlers(content));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('merchant shell', () => {
  it('language toggle swaps /en/ and /es/ and keeps the rest of the path', async () => {
    const { router } = renderApp('/en/dollargeneral?x=1');
    const toggle = await screen.findByRole('link', { name: en.dictionary.languageToggleLabel }, { timeout: 10_000 });
    expect(toggle).toHaveAttribute('href', '/es/dollargeneral?x=1');
    await userEvent.click(toggle);
    expect(router.state.location.pathname).toBe('/es/dollargeneral');
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(await screen.findByRole('heading', { level: 1, name: es.merchantFlow.addressCheck.heading })).toBeInTheDocument();
    const back = await screen.findByRole('link', { name: es.dictionary.languageToggleLabel });
    expect(back).toHaveAttribute('href', '/en/dollargeneral?x=1');
  });

  it('always shows the English footer links, with rel for _blank', async () => {
    renderApp('/es/dollargeneral');
    const footerNav = await screen.findByRole('navigation', { name: es.dictionary.footerNavLabel });
    const links = footerNav.querySelectorAll('a');
    expect(links).toHaveLength(5);
    const enLinks = (content.en.buyflow as { buyflowFooter: { links: { label: string; target: string }[] } }).buyflowFooter.links;
    enLinks.forEach((link, i) => {
      expect(links[i]).toHaveTextContent(link.label);
      expect(links[i]).toHaveAttribute('target', link.target);
      if (link.target === '_blank') expect(links[i]).toHaveAttribute('rel', 'noopener noreferrer');
    });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: es.dictionary.skipToContent })).toHaveAttribute('href', '#main');
    expect(document.querySelector('meta[name="robots"][content="noindex"]')).not.toBeNull();
  });

  it('hides the log-out link the buy-flow content carries (seed 000 §2)', async () => {
    renderApp('/en/dollargeneral');
    await screen.findByRole('navigation', { name: en.dictionary.footerNavLabel });
    const logout = (content.en.buyflow as { logout: { label: string } }).logout;
    expect(logout.label).not.toBe('');
    expect(screen.queryByTestId('logout')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: logout.label })).not.toBeInTheDocument();
  });

  it('redirects / to /en/dollargeneral and shows not found for other locales', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/dollargeneral'));
    renderApp('/fr/dollargeneral');
    expect(await screen.findByRole('heading', { name: en.dictionary.notFound.title })).toBeInTheDocument();
  });

  it('renders the error page from the dictionary', async () => {
    renderApp('/es/error');
    expect(await screen.findByRole('heading', { name: es.dictionary.errorPage.title })).toBeInTheDocument();
  });
});
