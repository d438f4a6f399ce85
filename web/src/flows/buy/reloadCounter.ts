import { useCallback, useEffect, useRef, useState } from 'react';
import { KEYS, readSession, removeSession, writeSession } from './storage';

/** Seed 000 §9: banner reset 30 s (10 s at 2 or more); redirect at 5 (new) or 7 (existing). */
export const RESET_MS = 30_000;
export const FAST_RESET_MS = 10_000;
export const REDIRECT_AT = { newCustomer: 5, existingCustomer: 7 } as const;

export function readReloadCount(): number {
  const n = Number.parseInt(readSession(KEYS.errorReloadCount) ?? '0', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function clearReloadCount(): void {
  removeSession(KEYS.errorReloadCount);
}

export interface ReloadStep {
  count: number;
  redirect: boolean;
  resetAfterMs: number;
}

/** The next step after one more payment error, from the count before it. */
export function nextReloadStep(previous: number, isNewCustomer: boolean): ReloadStep {
  const count = previous + 1;
  const limit = isNewCustomer ? REDIRECT_AT.newCustomer : REDIRECT_AT.existingCustomer;
  return { count, redirect: count >= limit, resetAfterMs: count >= 2 ? FAST_RESET_MS : RESET_MS };
}

export interface PaymentErrors {
  /** The alert text, or undefined once reset. */
  message?: string;
  /** Records one payment error and shows `message`. */
  report: (message: string) => void;
  clear: () => void;
}

/**
 * Payment error handling (seed 000 §4): each error increments `errorReloadCount` in
 * sessionStorage and shows the message; after 30 s (10 s at 2 or more) the message clears and
 * `onReset` runs (the card form reloads); at the threshold the user goes to the marketing site.
 */
export function usePaymentErrors({
  isNewCustomer,
  onRedirect,
  onReset,
}: {
  isNewCustomer: boolean;
  onRedirect: () => void;
  onReset?: () => void;
}): PaymentErrors {
  const [message, setMessage] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ onRedirect, onReset, isNewCustomer });
  useEffect(() => {
    latest.current = { onRedirect, onReset, isNewCustomer };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(undefined);
  }, []);

  const report = useCallback((text: string) => {
    const step = nextReloadStep(readReloadCount(), latest.current.isNewCustomer);
    writeSession(KEYS.errorReloadCount, String(step.count));
    if (step.redirect) {
      latest.current.onRedirect();
      return;
    }
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setMessage(undefined);
      latest.current.onReset?.();
    }, step.resetAfterMs);
  }, []);

  return { message, report, clear };
}
