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
