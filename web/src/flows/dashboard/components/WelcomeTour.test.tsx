import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardContent } from '../testContent';
import { TOUR_SEEN_KEY, WelcomeTour } from './WelcomeTour';

const en = dashboardContent.en.welcomeTour;
const es = dashboardContent.es.welcomeTour;

afterEach(() => localStorage.clear());

describe('welcome tour (seed 001 §2: 5 steps, "Step n/4", once per browser)', () => {
  it('walks five steps with next and back, counting Step 1/4 to 4/4 after the first', async () => {
    const user = userEvent.setup();
    render(<WelcomeTour content={en} />);
    const dialog = await screen.findByRole('dialog', { name: en.label });
    expect(dialog).toHaveTextContent('Activation Successful');
    expect(dialog).not.toHaveTextContent('Step');
    expect(screen.queryByRole('button', { name: en.back })).not.toBeInTheDocument();
    for (let n = 1; n <= 4; n++) {
      await user.click(screen.getByRole('button', { name: en.next }));
      expect(screen.getByText(`Step ${n}/4`)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(en.steps[n]!.title);
    }
    expect(screen.queryByRole('button', { name: en.next })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.back }));
    expect(screen.getByText('Step 3/4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.next }));
    await user.click(screen.getByRole('button', { name: en.done }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(TOUR_SEEN_KEY)).not.toBeNull();
  });

  it('closing early (Escape) also marks it seen; it does not come back', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<WelcomeTour content={es} />);
    await screen.findByRole('dialog', { name: 'Recorrido de bienvenida' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    render(<WelcomeTour content={es} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the close button is keyboard reachable and named', async () => {
    const user = userEvent.setup();
    render(<WelcomeTour content={en} />);
    await screen.findByRole('dialog');
    const close = screen.getByRole('button', { name: en.close });
    act(() => close.focus());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('not shown when xpp_wt is set', () => {
    localStorage.setItem(TOUR_SEEN_KEY, 'true');
    render(<WelcomeTour content={en} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
