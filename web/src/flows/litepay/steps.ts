/**
 * The quick refill's accordion (seed 002 §2.11): three steps, one open at a time, step 1 open
 * at the start; opening the open step closes it; a step is complete once its part is done (an
 * account located, a card added); step 2 opens once an account is located and step 3 once
 * step 2 is complete.
 */
export type StepId = 'find' | 'payment' | 'confirm';

export const STEPS: readonly StepId[] = ['find', 'payment', 'confirm'];

/** What the page knows: an account located, a card added in this session. */
export interface Progress {
  located: boolean;
  card: boolean;
}

export function isComplete(step: StepId, p: Progress): boolean {
  if (step === 'find') return p.located;
  if (step === 'payment') return p.located && p.card;
  return false;
}

/** Step 2 needs a located account; step 3 needs step 2 complete. */
export function isEnabled(step: StepId, p: Progress): boolean {
  if (step === 'find') return true;
  if (step === 'payment') return p.located;
  return isComplete('payment', p);
}

/** The open step after a press on `step`'s heading: the open step closes, any other opens. */
export function toggle(open: StepId | undefined, step: StepId, p: Progress): StepId | undefined {
  if (!isEnabled(step, p)) return open;
  return open === step ? undefined : step;
}

/** The first step not complete (the sticky cart's Next opens it). */
export function nextStep(p: Progress): StepId {
  return STEPS.find((s) => !isComplete(s, p)) ?? 'confirm';
}

/** What a lookup shows (seed 002 §4.6). */
export type LookupNotice =
  | { kind: 'none' }
  | { kind: 'preactivated' | 'multipleAccounts'; message: string }
  /** The cannot-locate notice with its help modal; from the second miss in a row, the "unfortunate" warning too. */
  | { kind: 'notLocated'; message: string; unfortunate: boolean };

/** The notice of a lookup's outcome; `misses` counts the cannot-locate answers in a row, this one included. */
export function lookupNotice(outcome: 'found' | 'preactivated' | 'multipleAccounts' | 'notLocated', message: string, misses: number): LookupNotice {
  if (outcome === 'found') return { kind: 'none' };
  if (outcome === 'notLocated') return { kind: 'notLocated', message, unfortunate: misses >= 2 };
  return { kind: outcome, message };
}
