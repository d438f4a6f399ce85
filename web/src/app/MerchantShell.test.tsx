import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentHandlers } from '../testing/recordings';
import { content, en, es } from '../testing/content';
import { renderApp } from '../testing/render';
import { retailFlow, retailHref } from '../flows/retail/routes';

const server = setupServer(...contentHandlers(content));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('merchant shell', () => {
  it('language toggle swaps /en/ and /es/ and keeps the rest of the path', async () => {
    const { router } = renderApp(`${retailHref('en')}?x=1`);
    const toggle = await screen.findByRole('link', { name: en.dictionary.languageToggleLabel });
    expect(toggle).toHaveAttribute('href', `${retailHref('es')}?x=1`);
    await userEvent.click(toggle);
    expect(router.state.location.pathname).toBe(retailHref('es'));
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    await screen.findByRole('heading', { level: 1, name: es.merchantFlow.addressCheck.heading });
    const back = await screen.findByRole('link', { name: es.dictionary.languageToggleLabel });
    expect(back).toHaveAttribute('href', `${retailHref('en')}?x=1`);
  });

  it('the language switch keeps what was typed: the flow is not remounted while the other content loads', async () => {
    renderApp(retailHref('en'));
    const street = await screen.findByRole('combobox', { name: en.merchantFlow.addressCheck.streetLabel });
    await userEvent.type(street, '500 Oak Ave');
    const zip = screen.getByRole('textbox', { name: en.merchantFlow.addressCheck.zipLabel });
    await userEvent.type(zip, '30312');
    await userEvent.click(screen.getByRole('link', { name: en.dictionary.languageToggleLabel }));
    await screen.findByRole('heading', { level: 1, name: es.merchantFlow.addressCheck.heading });
    expect(screen.getByRole('combobox', { name: es.merchantFlow.addressCheck.streetLabel })).toHaveValue('500 Oak Ave');
    expect(screen.getByRole('textbox', { name: es.merchantFlow.addressCheck.zipLabel })).toHaveValue('30312');
  });

  it('always shows the English footer links, with rel for _blank', async () => {
    renderApp(retailHref('es'));
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
    renderApp(retailHref('en'));
    await screen.findByRole('navigation', { name: en.dictionary.footerNavLabel });
    const logout = (content.en.buyflow as { logout: { label: string } }).logout;
    expect(logout.label).not.toBe('');
    expect(screen.queryByTestId('logout')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: logout.label })).not.toBeInTheDocument();
  });

  it('shows not found for other locales', async () => {
    renderApp(`/fr/${retailFlow.base}`);
    await screen.findByRole('heading', { name: en.dictionary.notFound.title });
  });

  it('shows not found below the retail page: its table has no page there', async () => {
    renderApp(`${retailHref('es')}/extra`);
    await screen.findByRole('heading', { name: es.dictionary.notFound.title });
    expect(document.querySelector('[data-stage="addressCheck"]')).toBeNull();
  });

  it('renders the error page from the dictionary', async () => {
    renderApp('/es/error');
    await screen.findByRole('heading', { name: es.dictionary.errorPage.title });
  });
});
