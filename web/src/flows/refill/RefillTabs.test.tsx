import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { offers, refillTexts } from './fixtures';
import { refillHandlers } from './handlers';

/**
 * The customize page's tabs loaded progressively (`RefillTabs`, issue 10): the first screen
 * draws a stand-in of React Aria's tabs; React Aria's (`RealTabs`) take its place once the cart
 * is drawn, keeping the selected tab, the focus and the panel's content (not drawn again). The
 * real tabs' import is held by a gate each test opens (a fresh module graph per test).
 */
const gate = { open: () => {}, wait: Promise.resolve() };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.resetModules();
  vi.doMock('./RealTabs', async (importOriginal: () => Promise<unknown>) => {
    await gate.wait;
    return importOriginal();
  });
  gate.wait = new Promise<void>((resolve) => (gate.open = resolve));
  server.use(...contentHandlers(content), ...refillHandlers({ offer: offers.plain }));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function setup(locale: 'en' | 'es') {
  const { renderApp } = await import('../../testing/render');
  renderApp(`/${locale}/refill`);
  const c = refillTexts[locale].refill;
  // the first screen: the cart, in the stand-in's card panel
  await screen.findByTestId('cart-total');
  return { c, user: userEvent.setup({ delay: null }) };
}

/** React Aria marks what it draws (`data-rac`); the stand-in does not. */
const isReal = (tab: HTMLElement) => tab.hasAttribute('data-rac');

describe('the customize tabs before and after their code arrives', () => {
  it.each(['en', 'es'] as const)(
    '%s: the stand-in selects a pressed tab; the real tabs keep it and its focus; the arrow keys, Home and End move',
    async (locale) => {
      const { c, user } = await setup(locale);
      const list = screen.getByRole('tablist', { name: c.customize.tabsLabel });
      const card = screen.getByRole('tab', { name: c.customize.cardTab });
      const pin = screen.getByRole('tab', { name: c.customize.pinTab });
      // drawn as React Aria draws them
      expect(isReal(card)).toBe(false);
      expect(list).toHaveAttribute('aria-orientation', 'horizontal');
      expect(card).toHaveAttribute('aria-selected', 'true');
      expect(card).toHaveAttribute('tabindex', '0');
      expect(card).toHaveClass('refill-tabs__tab');
      expect(pin).toHaveAttribute('aria-selected', 'false');
      expect(pin).toHaveAttribute('tabindex', '-1');
      const panel = screen.getByRole('tabpanel', { name: c.customize.cardTab });
      expect(card).toHaveAttribute('aria-controls', panel.id);
      expect(panel).toHaveClass('refill-tabs__panel');
      // the panel holds the radios (followed as its content changes): the Tab key goes to them, not to the panel
      await waitFor(() => expect(panel).not.toHaveAttribute('tabindex'));
      expect(panel).toContainElement(screen.getByTestId('cart-total'));

      // pressed before the code arrives: selected at once
      await user.click(pin);
      expect(pin).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByRole('textbox', { name: c.pin.label })).toBeInTheDocument();
      expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
      gate.open();

      // the real tabs: the PIN tab still selected, with the focus
      await waitFor(() => expect(isReal(screen.getByRole('tab', { name: c.customize.pinTab }))).toBe(true));
      const realPin = screen.getByRole('tab', { name: c.customize.pinTab });
      const realCard = screen.getByRole('tab', { name: c.customize.cardTab });
      expect(realPin).toHaveAttribute('aria-selected', 'true');
      expect(realPin).toHaveFocus();
      expect(screen.getByRole('tabpanel', { name: c.customize.pinTab })).toContainElement(screen.getByRole('textbox', { name: c.pin.label }));

      await user.keyboard('{ArrowLeft}');
      expect(realCard).toHaveAttribute('aria-selected', 'true');
      expect(realCard).toHaveFocus();
      expect(await screen.findByTestId('cart-total')).toBeInTheDocument();
      await user.keyboard('{ArrowRight}');
      expect(realPin).toHaveAttribute('aria-selected', 'true');
      expect(realPin).toHaveFocus();
      await user.keyboard('{Home}');
      expect(realCard).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{End}');
      expect(realPin).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByRole('textbox', { name: c.pin.label })).toBeInTheDocument();
    },
  );

  it.each(['en', 'es'] as const)('%s: the panel content is kept, its typed text and focus too, as the real tabs come', async (locale) => {
    const { c, user } = await setup(locale);
    await user.click(screen.getByRole('tab', { name: c.customize.pinTab }));
    const field = await screen.findByRole('textbox', { name: c.pin.label });
    await user.click(field);
    await user.keyboard('2000');
    gate.open();
    await waitFor(() => expect(isReal(screen.getByRole('tab', { name: c.customize.pinTab }))).toBe(true));
    // the same element: the content was moved into the real panel, not drawn again
    expect(screen.getByRole('textbox', { name: c.pin.label })).toBe(field);
    expect(field).toHaveValue('2000');
    expect(field).toHaveFocus();
    await user.keyboard('00000002');
    expect(field).toHaveValue('200000000002');
  });
});
