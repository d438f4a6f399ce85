import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { FirstScreenModal } from './FirstScreenModal';
import { useFirstScreenModalOpen, useModalAhead } from './modalOrder';

/** A modal that goes before the page's own (the sync-up or session-timeout modal). */
function Ahead({ open }: { open: boolean }) {
  useModalAhead(open);
  return null;
}

/** What the shell's sync-up check reads. */
function Waiting() {
  return <p data-testid="waiting">{String(useFirstScreenModalOpen())}</p>;
}

let setAhead: (open: boolean) => void = () => undefined;

function Page({ onDismiss = () => undefined }: { onDismiss?: () => void }) {
  const [ahead, set] = useState(false);
  const [open, setOpen] = useState(true);
  setAhead = set;
  return (
    <>
      <Ahead open={ahead} />
      <Waiting />
      <FirstScreenModal
        isOpen={open}
        onDismiss={() => {
          onDismiss();
          setOpen(false);
        }}
        aria-label="Tour"
        className="dialog"
      >
        <h2>Tour</h2>
        <button type="button">Next</button>
      </FirstScreenModal>
    </>
  );
}

it('opens with the first render, focused, and holds the sync-up check while open', () => {
  render(<Page />);
  const dialog = screen.getByRole('dialog', { name: 'Tour' });
  expect(dialog).toHaveFocus();
  expect(screen.getByTestId('waiting')).toHaveTextContent('true');
});

// Two modals at once leave one inert, which one depending on which came last (a session-timeout
// warning over the welcome tour could not be pressed): it closes while a modal ahead of it is
// open and opens again after.
it('closes while a modal ahead of it is open, then opens again', async () => {
  render(<Page />);
  expect(screen.getByRole('dialog', { name: 'Tour' })).toBeInTheDocument();
  act(() => setAhead(true));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tour' })).toBeNull());
  act(() => setAhead(false));
  expect(await screen.findByRole('dialog', { name: 'Tour' })).toBeInTheDocument();
});

it('Escape dismisses it, and the sync-up check goes on', async () => {
  const onDismiss = vi.fn();
  render(<Page onDismiss={onDismiss} />);
  await userEvent.setup().keyboard('{Escape}');
  expect(onDismiss).toHaveBeenCalledOnce();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByTestId('waiting')).toHaveTextContent('false');
});

it('a click outside dismisses it, a click inside does not', async () => {
  const onDismiss = vi.fn();
  const user = userEvent.setup();
  render(<Page onDismiss={onDismiss} />);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('heading', { name: 'Tour' }));
  expect(onDismiss).not.toHaveBeenCalled();
  // the content box fills the dialog: what lands on the dialog itself is its backdrop's
  await user.click(screen.getByRole('dialog'));
  expect(onDismiss).toHaveBeenCalledOnce();
});

it('closed by the platform without a cancel (an Escape with no user activation before it): dismissed too', () => {
  const onDismiss = vi.fn();
  render(<Page onDismiss={onDismiss} />);
  act(() => (screen.getByRole('dialog') as HTMLDialogElement).close());
  expect(onDismiss).toHaveBeenCalledOnce();
  expect(screen.getByTestId('waiting')).toHaveTextContent('false');
});

it('closed for a modal ahead of it: not dismissed', async () => {
  const onDismiss = vi.fn();
  render(<Page onDismiss={onDismiss} />);
  act(() => setAhead(true));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  act(() => setAhead(false));
  expect(await screen.findByRole('dialog')).toBeInTheDocument();
  expect(onDismiss).not.toHaveBeenCalled();
});
