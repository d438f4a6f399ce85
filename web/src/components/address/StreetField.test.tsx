import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAddressCheck } from '../../testing/renderAddressCheck';

/**
 * The street field's progressive loading (`StreetField`, issue 10): the address check draws a
 * plain text field until the combobox's code arrives, then the combobox takes its place. The
 * lazy import is held by a gate each test opens (a fresh module graph per test, so each one
 * starts with the code not loaded).
 */
const gate = { asked: 0, open: () => {}, wait: Promise.resolve() };

const queries: string[] = [];
const suggestion = (street: string, unit: string) => ({
  fullAddress: `${street}${unit ? `, ${unit}` : ''}, Atlanta, GA 30309`,
  streetAddress: unit ? `${street}, ${unit}` : street,
  cityStateZip: 'Atlanta, GA 30309',
  street,
  unit,
  zip: '30309',
});
const server = setupServer(
  http.get('/token', () => HttpResponse.json({ xsrfToken: 'tok-1' })),
  http.get('*/secure/api/v1/address/suggestions', ({ request }) => {
    queries.push(new URL(request.url).searchParams.get('q') ?? '');
    return HttpResponse.json({ suggestions: [suggestion('1200 Peachtree St', ''), suggestion('1200 Peachtree St', 'Apt 4')] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.resetModules();
  vi.doMock('./StreetCombobox', async (importOriginal: () => Promise<unknown>) => {
    gate.asked++;
    await gate.wait;
    return importOriginal();
  });
  gate.asked = 0;
  gate.wait = new Promise<void>((resolve) => (gate.open = resolve));
});
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});

// the form's own code first: what is tested here is the street field's hand-over inside it
const setup = (locale: 'en' | 'es') => renderAddressCheck(locale, { formFirst: true });

/** Every id once; the street's label names its input (`for`), which the form submits as `street`. */
function expectWellFormed(input: HTMLElement, label: string) {
  const ids = [...input.ownerDocument.querySelectorAll('[id]')].map((e) => e.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  expect([...(input as HTMLInputElement).labels!].map((l) => l.textContent)).toEqual([label]);
  expect(input).toHaveAttribute('name', 'street');
  expect(input).toHaveClass('field__input');
}

async function expectAxeClean(container: HTMLElement) {
  // jsdom draws nothing: contrast is checked in the browser (Playwright's axe)
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('street field before and after its combobox code arrives', () => {
  it.each(['en', 'es'] as const)(
    '%s: typed text keeps its value, focus and caret, and gets its suggestions once the combobox is there',
    async (locale) => {
      const { content, container, user } = await setup(locale);
      const plain = screen.getByRole<HTMLInputElement>('textbox', { name: content.streetLabel });
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: content.heading })).toBeInTheDocument();
      expectWellFormed(plain, content.streetLabel);
      await expectAxeClean(container);
      // asked for after the first screen, before any focus
      await waitFor(() => expect(gate.asked).toBe(1));

      await user.click(plain);
      await user.type(plain, '1200 Pea');
      plain.setSelectionRange(2, 6, 'backward');
      // the pause passes while the code is still loading: the suggestions are asked for meanwhile
      await waitFor(() => expect(queries).toEqual(['1200 Pea']));
      gate.open();

      const street = await screen.findByRole<HTMLInputElement>('combobox', { name: content.streetLabel });
      expect(screen.queryByRole('textbox', { name: content.streetLabel })).not.toBeInTheDocument();
      expect(street).toHaveValue('1200 Pea');
      expect(street).toHaveFocus();
      expect([street.selectionStart, street.selectionEnd, street.selectionDirection]).toEqual([2, 6, 'backward']);
      // leaving the plain field for the combobox is no blur: no "required" message
      expect(screen.queryByText(content.streetRequired)).not.toBeInTheDocument();
      const list = await screen.findByRole('listbox');
      expect(list).toHaveAttribute('aria-label', content.suggestionsLabel);
      expect(list).toHaveTextContent('1200 Peachtree St, Apt 4');
      expect(queries).toEqual(['1200 Pea']);
      expectWellFormed(street, content.streetLabel);

      // the keyboard works on at once: a pick fills street, unit and zip
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      await waitFor(() => expect(street).toHaveValue('1200 Peachtree St'));
      expect(screen.getByRole('textbox', { name: content.unitLabel })).toHaveValue('Apt 4');
      expect(screen.getByRole('textbox', { name: content.zipLabel })).toHaveValue('30309');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      await expectAxeClean(container);
    },
  );

  it('a field without the focus keeps its value and leaves the focus where it is; the form submits', async () => {
    const { content, onSubmit, user } = await setup('en');
    await user.type(screen.getByRole('textbox', { name: content.streetLabel }), '9 Elm St');
    const zip = screen.getByRole('textbox', { name: content.zipLabel });
    await user.type(zip, '30309');
    gate.open();
    const street = await screen.findByRole('combobox', { name: content.streetLabel });
    expect(street).toHaveValue('9 Elm St');
    expect(zip).toHaveFocus();
    // its suggestions (typed before the combobox came) do not open a list in a field without the focus
    await waitFor(() => expect(queries).toEqual(['9 Elm St']));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: content.submit }));
    expect(onSubmit).toHaveBeenCalledWith({ street: '9 Elm St', unit: '', zip: '30309' });
  });

  it('an empty field with the focus keeps it, with no "required" message', async () => {
    const { content, user } = await setup('en');
    await user.click(screen.getByRole('textbox', { name: content.streetLabel }));
    gate.open();
    const street = await screen.findByRole('combobox', { name: content.streetLabel });
    expect(street).toHaveFocus();
    expect(screen.queryByText(content.streetRequired)).not.toBeInTheDocument();
  });

  it('a failed load leaves the plain field working: the form submits what was typed', async () => {
    gate.wait = Promise.reject(new Error('chunk failed'));
    gate.wait.catch(() => undefined);
    const { content, onSubmit, user } = await setup('en');
    await waitFor(() => expect(gate.asked).toBe(1));
    const plain = screen.getByRole('textbox', { name: content.streetLabel });
    await user.type(plain, '9 Elm St');
    await user.type(screen.getByRole('textbox', { name: content.zipLabel }), '30309');
    await user.click(screen.getByRole('button', { name: content.submit }));
    expect(onSubmit).toHaveBeenCalledWith({ street: '9 Elm St', unit: '', zip: '30309' });
    expect(plain).toBeInTheDocument();
  });
});
