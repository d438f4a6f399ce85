import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Heading } from 'react-aria-components';
import { expect, it } from 'vitest';
import { LazyModal, useModalAhead } from './LazyModal';

/** A modal that goes before the page's own (the sync-up or session-timeout modal). */
function Ahead({ open }: { open: boolean }) {
  useModalAhead(open);
  return null;
}

let setAhead: (open: boolean) => void = () => undefined;

function Page() {
  const [ahead, set] = useState(false);
  setAhead = set;
  return (
    <>
      <Ahead open={ahead} />
      <LazyModal isOpen deferred onOpenChange={() => undefined} dialog={{ 'aria-label': 'Tour' }}>
        <Heading slot="title">Tour</Heading>
      </LazyModal>
    </>
  );
}

// Two modals at once leave one inert, which one depending on which code loaded first (a
// session-timeout warning over the welcome tour could not be pressed): a deferred modal closes
// while a modal ahead of it is open and opens again after.
it('a deferred modal waits while a modal ahead of it is open, then opens again', async () => {
  render(<Page />);
  expect(await screen.findByRole('dialog', { name: 'Tour' })).toBeInTheDocument();
  act(() => setAhead(true));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tour' })).toBeNull());
  act(() => setAhead(false));
  expect(await screen.findByRole('dialog', { name: 'Tour' })).toBeInTheDocument();
});
