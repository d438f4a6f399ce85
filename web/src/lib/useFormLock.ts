import { useEffect, useState } from 'react';

/**
 * Whole seconds left of the payment form's wait after a failure (seed 001 §4 "Payment
 * instrument": 30 s, 10 s from the second failure). `retryInMs` comes from the BFF, which keeps
 * the counter, so a reload shows the same wait; `stamp` changes with each new answer.
 */
export function useFormLock(retryInMs: number, stamp: unknown): number {
  const [until, setUntil] = useState(() => Date.now() + retryInMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const start = Date.now();
    setUntil(start + retryInMs);
    setNow(start);
  }, [retryInMs, stamp]);
  const left = Math.max(0, until - now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => clearTimeout(timer);
  }, [left, now]);
  return Math.ceil(left / 1000);
}

/**
 * Calls `clear` when the form's wait ends (`secondsLeft` from above 0 to 0): the failure's
 * message goes with the wait (seed 002 §4.3: after 30 s the form is re-enabled and the message
 * clears; 10 s from the second failure, as the BFF's `retryInMs` says).
 */
export function useClearWhenUnlocked(secondsLeft: number, clear: () => void): void {
  const [wasLocked, setWasLocked] = useState(false);
  useEffect(() => {
    if (secondsLeft > 0) {
      if (!wasLocked) setWasLocked(true);
      return;
    }
    if (wasLocked) {
      setWasLocked(false);
      clear();
    }
  }, [secondsLeft, wasLocked, clear]);
}
