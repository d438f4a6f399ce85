import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { litepayTexts } from './fixtures';

/**
 * The find-your-account step's progressive loading (`FindAccount`, issue 10): the first screen
 * draws the form as plain fields until the form's code (`FindForm`: react-hook-form, zod)
 * arrives, then the form takes their place with the values, focus, caret and left fields. The
 * form's import is held by a gate each test opens (a fresh module graph per test); typing has
 * no pause between keystrokes.
 */
const gate = { open: () => {}, wait: Promise.resolve(), fails: 0 };
let imports = 0;

beforeEach(() => {
  vi.resetModules();
  imports = 0;
  vi.doMock('./FindForm', async (importOriginal: () => Promise<unknown>) => {
    imports += 1;
    await gate.wait;
    if (gate.fails > 0) {
      gate.fails -= 1;
      throw new Error('offline');
    }
    return importOriginal();
  });
  gate.fails = 0;
  gate.wait = new Promise<void>((resolve) => (gate.open = resolve));
});

async function setup(locale: 'en' | 'es') {
  const { FindAccount } = await import('./FindAccount');
  const c = litepayTexts[locale].litepay;
  const onFind = vi.fn();
  const { container } = render(<FindAccount c={c} locating={false} notice={{ kind: 'none' }} onFind={onFind} />);
  return { c, container, onFind, user: userEvent.setup({ delay: null }) };
}

/** The form's markup without React Aria's generated ids. */
const markup = (container: HTMLElement) => container.innerHTML.replace(/(id|for|aria-labelledby|aria-describedby)="[^"]*"/g, '$1=""');

/** Waits until the real form took the plain one's place (new inputs, same markup). */
async function takenOver(plainPhone: HTMLElement) {
  await waitFor(() => expect(screen.getByTestId('phone')).not.toBe(plainPhone));
}

describe('find your account before and after its form code arrives', () => {
  it.each(['en', 'es'] as const)(
    '%s: the plain form hands over its values, focus, caret and left fields; the form then validates and submits',
    async (locale) => {
      const { c, container, onFind, user } = await setup(locale);
      // the first screen: the plain form, drawn as the form draws an empty one
      const phone = screen.getByRole<HTMLInputElement>('textbox', { name: c.phoneLabel });
      expect(phone).toHaveAttribute('name', 'phone');
      expect(phone).toHaveAttribute('type', 'tel');
      expect(phone).toHaveAttribute('maxlength', '16');
      expect(phone).toHaveAccessibleDescription(c.phoneHint);
      expect(screen.getByRole('textbox', { name: c.zipLabel })).toHaveAttribute('maxlength', '5');
      expect(screen.getByTestId('find-next')).toBeDisabled();
      expect(screen.getByTestId('find-next')).toHaveTextContent(c.next);
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);

      // the phone is masked as typed and left incomplete; the zip keeps its digits and the focus
      await user.type(phone, '404x555');
      expect(phone).toHaveValue('(404) 555');
      await user.tab();
      const zip = screen.getByRole<HTMLInputElement>('textbox', { name: c.zipLabel });
      expect(zip).toHaveFocus();
      await user.keyboard('3a03');
      expect(zip).toHaveValue('303');
      zip.setSelectionRange(1, 3, 'backward');
      // the plain form shows no invalid state
      expect(phone).not.toHaveAttribute('aria-invalid');
      gate.open();

      await takenOver(phone);
      const realPhone = screen.getByRole<HTMLInputElement>('textbox', { name: c.phoneLabel });
      const realZip = screen.getByRole<HTMLInputElement>('textbox', { name: c.zipLabel });
      expect(realPhone).toHaveValue('(404) 555');
      expect(realZip).toHaveValue('303');
      expect(realZip).toHaveFocus();
      expect([realZip.selectionStart, realZip.selectionEnd, realZip.selectionDirection]).toEqual([1, 3, 'backward']);
      // the phone was left incomplete before: it shows invalid now; the zip, not left, does not
      await waitFor(() => expect(realPhone).toHaveAttribute('aria-invalid', 'true'));
      expect(realZip).not.toHaveAttribute('aria-invalid');
      expect(screen.getByTestId('find-next')).toBeDisabled();

      // the real form: validated as typed, Next once both are complete
      await user.click(realPhone);
      await user.keyboard('{End}02019');
      expect(realPhone).toHaveValue('(404) 555 - 0201');
      await waitFor(() => expect(realPhone).not.toHaveAttribute('aria-invalid'));
      await user.click(realZip);
      await user.keyboard('{End}09');
      expect(realZip).toHaveValue('30309');
      const next = screen.getByTestId('find-next');
      await waitFor(() => expect(next).toBeEnabled());
      await user.click(next);
      await waitFor(() => expect(onFind).toHaveBeenCalledWith('4045550201', '30309'));
    },
  );

  it('the plain form is drawn as the real form draws an empty one; nothing typed, nothing is handed over', async () => {
    const { container } = await setup('en');
    const plain = markup(container);
    const phone = screen.getByTestId('phone');
    gate.open();
    await takenOver(phone);
    expect(markup(container)).toBe(plain);
    expect(document.body).toHaveFocus();
  });

  it('a failed load leaves the plain form; a field’s focus loads the form again, which takes over with the focus', async () => {
    const { c, user } = await setup('es');
    const phone = screen.getByRole('textbox', { name: c.phoneLabel });
    gate.fails = 1;
    gate.open();
    await waitFor(() => expect(imports).toBe(1));
    // give the failed load time to settle: the plain form stays
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('phone')).toBe(phone);
    await user.click(phone);
    await takenOver(phone);
    expect(imports).toBe(2);
    expect(screen.getByRole('textbox', { name: c.phoneLabel })).toHaveFocus();
  });
});
