import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FirstScreenModal } from '../../../components/FirstScreenModal';
import { fill } from '../../../lib/format';
import type { DashboardContent } from '../content';

/** Local-storage flag: the tour was shown in this browser (seed 001 §3 "local storage xpp_wt"). */
export const TOUR_SEEN_KEY = 'xpp_wt';

function seen(): boolean {
  try {
    return localStorage.getItem(TOUR_SEEN_KEY) !== null;
  } catch {
    // storage refused (private mode): do not show a tour that would return on every visit
    return true;
  }
}

function markSeen(): void {
  try {
    localStorage.setItem(TOUR_SEEN_KEY, 'true');
  } catch {
    /* nothing to keep */
  }
}

/**
 * The welcome tour (seed 001 §2): five steps, the first ("Activation Successful") without a
 * counter, then "Step n/4"; next and back; the last step's button closes it. Shown once per
 * browser: closing it in any way sets `xpp_wt`. Open with the page's first screen on a first
 * visit (`FirstScreenModal`); the shell's sync-up modal, when offered, follows it.
 */
export function WelcomeTour({ content }: { content: DashboardContent['welcomeTour'] }) {
  const [open, setOpen] = useState(() => !seen());
  const [step, setStep] = useState(0);
  const last = content.steps.length - 1;
  const current = content.steps[step];
  if (!current) return null;
  const close = () => {
    markSeen();
    setOpen(false);
  };
  return (
    <FirstScreenModal isOpen={open} onDismiss={close} className="dialog welcome-tour" aria-label={content.label} data-testid="welcome-tour" data-step={step}>
      <div className="dialog__header">
        {step > 0 && <p className="welcome-tour__counter">{fill(content.counter, { n: step })}</p>}
        <h2>{current.title}</h2>
        <Button className="dialog__x" aria-label={content.close} onPress={close}>
          ×
        </Button>
      </div>
      <p>{current.body}</p>
      <div className="actions">
        {step > 0 && (
          <Button className="button button--secondary" onPress={() => setStep(step - 1)}>
            {content.back}
          </Button>
        )}
        {step < last ? (
          <Button className="button button--primary" onPress={() => setStep(step + 1)}>
            {content.next}
          </Button>
        ) : (
          <Button className="button button--primary" onPress={close}>
            {content.done}
          </Button>
        )}
      </div>
    </FirstScreenModal>
  );
}
