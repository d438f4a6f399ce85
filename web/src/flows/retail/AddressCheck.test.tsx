import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { AddressCheck } from '../../components/address/AddressCheck';
import { en } from '../../testing/content';

const c = en.merchantFlow.addressCheck;
const queries: string[] = [];
const server = setupServer(
  http.get('*/secure/api/v1/address/suggestions', ({ request }) => {
    const url = new URL(request.url);
    queries.push(url.searchParams.get('q') ?? '');
    return HttpResponse.json({
      suggestions: [
        { fullAddress: '1200 Peachtree St, Atlanta, GA 30309', streetAddress: '1200 Peachtree St', cityStateZip: 'Atlanta, GA 30309', street: '1200 Peachtree St', unit: '', zip: '30309' },
        { fullAddress: '1200 Peachtree St, Apt 4, Atlanta, GA 30309', streetAddress: '1200 Peachtree St, Apt 4', cityStateZip: 'Atlanta, GA 30309', street: '1200 Peachtree St', unit: 'Apt 4', zip: '30309' },
      ],
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});
afterAll(() => server.close());

function setup(variant: 'retail' | 'move' = 'retail') {
  const onSubmit = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers client={client}>
      <AddressCheck content={c} defaultValues={{ street: '', unit: '', zip: '' }} variant={variant} onSubmit={onSubmit} />
    </Providers>,
  );
  // no pause between keystrokes: only a test's own waits may let the 300-ms suggestion pause pass, however loaded the machine
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

describe('address check form', () => {
  it('disables submit until street and a 5-digit zip are present', async () => {
    const { user, onSubmit } = setup();
    const submit = screen.getByRole('button', { name: c.submit });
    expect(submit).toBeDisabled();
    await user.type(await screen.findByRole('combobox', { name: c.streetLabel }), '9 Elm St');
    await user.type(screen.getByRole('textbox', { name: c.zipLabel }), '3030');
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: c.zipLabel }), '9');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ street: '9 Elm St', unit: '', zip: '30309' });
  });

  it('shows the content messages after the fields are left empty or invalid', async () => {
    const { user } = setup();
    const street = await screen.findByRole('combobox', { name: c.streetLabel });
    const zip = screen.getByRole('textbox', { name: c.zipLabel });
    await user.click(street);
    await user.click(zip);
    await user.type(zip, '12a');
    await user.tab();
    await screen.findByText(c.streetRequired);
    await screen.findByText(c.zipInvalid);
    expect(zip).toHaveValue('12');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAttribute('maxlength', '5');
  });

  it('shows the move headings in the move variant', () => {
    setup('move');
    expect(screen.getByRole('heading', { level: 1, name: c.moveHeading })).toBeInTheDocument();
  });
});

describe('street suggestions', () => {
  it('asks only after a 300 ms pause and more than one non-space character', async () => {
    const { user } = setup();
    const street = await screen.findByRole('combobox', { name: c.streetLabel });
    await user.type(street, ' 1 ');
    await new Promise((r) => setTimeout(r, 450));
    expect(queries).toEqual([]);
    await user.type(street, '200 Peach');
    expect(queries).toEqual([]);
    await waitFor(() => expect(queries).toEqual([' 1 200 Peach']));
  });

  it('arrow keys and Enter pick a suggestion that fills street, unit and zip', async () => {
    const { user } = setup();
    const street = await screen.findByRole('combobox', { name: c.streetLabel });
    await user.type(street, '1200 Pea');
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(street).toHaveValue('1200 Peachtree St'));
    expect(screen.getByRole('textbox', { name: c.unitLabel })).toHaveValue('Apt 4');
    expect(screen.getByRole('textbox', { name: c.zipLabel })).toHaveValue('30309');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: c.submit })).toBeEnabled());
  });

  it('Escape closes the list', async () => {
    const { user } = setup();
    const street = await screen.findByRole('combobox', { name: c.streetLabel });
    await user.type(street, '1200 Pea');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(street).toHaveValue('1200 Pea');
  });
});
