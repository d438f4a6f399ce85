import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { en, es } from './content';

/**
 * Test helper: an empty address check in `locale` inside the app's providers. Its modules are
 * imported when called, so a test file that resets modules (`vi.resetModules`, a gate on a lazy
 * import) gets fresh ones each time; `formFirst` loads the form's code before the first render.
 * Typing has no pause between keystrokes: only a test's own waits may let the 300-ms suggestion
 * pause pass, however loaded the machine.
 */
export async function renderAddressCheck(locale: 'en' | 'es', { formFirst = false } = {}) {
  const { AddressCheck, loadAddressForm } = await import('../components/address/AddressCheck');
  if (formFirst) await loadAddressForm();
  const { Providers } = await import('../app/providers');
  const content = (locale === 'en' ? en : es).merchantFlow.addressCheck;
  const onSubmit = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <Providers client={client}>
      <AddressCheck content={content} defaultValues={{ street: '', unit: '', zip: '' }} onSubmit={onSubmit} />
    </Providers>,
  );
  return { content, container, onSubmit, user: userEvent.setup({ delay: null }) };
}
