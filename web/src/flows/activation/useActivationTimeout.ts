import { useEffect, useRef, useState } from 'react';
import { signOutAndLeave } from '../../lib/accountSession';
import { track } from '../../lib/analytics';
import type { Locale } from '../../lib/locale';
import { FIXED_LOGOUT_MS, INACTIVITY_LOGOUT_MS } from './timers';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

/**
 * The activation area's own timers (seed 001 §4 "Session and timeout", §9), besides the account
 * shell's idle modal: 15 minutes without any input of the customer, or 15 minutes from the start
 * of the activation whatever they do, signs out with `expired` (the provider's logout). Returns
 * whether the sign-out has started (the page then says so).
 */
export function useActivationTimeout(locale: Locale): boolean {
  const [loggingOut, setLoggingOut] = useState(false);
  // the language toggle must not restart the fixed timer: the sign-out reads the latest locale
  const localeRef = useRef(locale);
  localeRef.current = locale;
  useEffect(() => {
    let done = false;
    const logout = () => {
      if (done) return;
      done = true;
      setLoggingOut(true);
      track({ event: 'sessionTimeout', cause: 'activation' });
      void signOutAndLeave(localeRef.current, true);
    };
    const fixed = setTimeout(logout, FIXED_LOGOUT_MS);
    let idle = setTimeout(logout, INACTIVITY_LOGOUT_MS);
    const rearm = () => {
      clearTimeout(idle);
      idle = setTimeout(logout, INACTIVITY_LOGOUT_MS);
    };
    for (const e of INPUT_EVENTS) document.addEventListener(e, rearm, true);
    return () => {
      clearTimeout(fixed);
      clearTimeout(idle);
      for (const e of INPUT_EVENTS) document.removeEventListener(e, rearm, true);
    };
  }, []);
  return loggingOut;
}
