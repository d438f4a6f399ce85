import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAddressCheck } from '../../testing/renderAddressCheck';

/**
 * The address check's progressive loading (`AddressCheck`, issue 10): the first screen draws
 * the form as plain fields until the form's code (`AddressForm`: react-hook-form, zod) arrives,
 * then the form takes their place with the values, focus, caret and left fields. The form's
 * import is held by a gate each test opens (a fresh module graph per test).
 */
const gate = { open: () => {}, wait: Promise.resolve() };

const server = setupServer(
  http.get('*/secure/api/v1/address/suggestions', () => HttpResponse.json({ suggestions: [] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.resetModules();
  vi.doMock('./AddressForm', async (importOriginal: () => Promise<unknown>) => {
    await gate.wait;
    return importOriginal();
  });
  gate.wait = new Promise<void>((resolve) => (gate.open = resolve));
});
afterEach(() => server.resetHandlers());

const setup = (locale: 'en' | 'es') => renderAddressCheck(locale);

describe('address check before and after its form code arrives', () => {
  it.each(['en', 'es'] as const)(
    '%s: the plain form hands over its values, focus, caret and left fields; the form then validates and submits',
    async (locale) => {
      const { content, container, onSubmit, user } = await setup(locale);
      // the first screen: the plain form, drawn as the form draws an empty one
      expect(screen.getByRole('heading', { level: 1, name: content.heading })).toBeInTheDocument();
      const street = screen.getByRole('textbox', { name: content.streetLabel });
      expect(street).toHaveAttribute('name', 'street');
      expect(screen.getByRole('button', { name: content.submit })).toBeDisabled();
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);

      // the street is left empty; the zip keeps the focus with part of it selected
      await user.click(street);
      await user.tab();
      await user.type(screen.getByRole('textbox', { name: content.unitLabel }), 'Apt 4');
      const zip = screen.getByRole<HTMLInputElement>('textbox', { name: content.zipLabel });
      await user.type(zip, '3a03');
      zip.setSelectionRange(1, 3, 'backward');
      // the plain form shows no messages
      expect(screen.queryByText(content.streetRequired)).not.toBeInTheDocument();
      gate.open();

      // the form is there once the street is the combobox (its own code follows the form's)
      const combobox = await screen.findByRole('combobox', { name: content.streetLabel });
      expect(combobox).toHaveValue('');
      expect(screen.getByRole('textbox', { name: content.unitLabel })).toHaveValue('Apt 4');
      const realZip = screen.getByRole<HTMLInputElement>('textbox', { name: content.zipLabel });
      expect(realZip).toHaveValue('303');
      expect(realZip).toHaveFocus();
      expect([realZip.selectionStart, realZip.selectionEnd, realZip.selectionDirection]).toEqual([1, 3, 'backward']);
      // the street was left empty before: its message shows now
      expect(await screen.findByText(content.streetRequired)).toBeInTheDocument();

      await user.type(combobox, '9 Elm St');
      await waitFor(() => expect(screen.queryByText(content.streetRequired)).not.toBeInTheDocument());
      await user.click(realZip);
      await user.keyboard('{End}09');
      const submit = screen.getByRole('button', { name: content.submit });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      expect(onSubmit).toHaveBeenCalledWith({ street: '9 Elm St', unit: 'Apt 4', zip: '30309' });
    },
  );
});
