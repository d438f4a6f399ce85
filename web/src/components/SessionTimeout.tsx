import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import type { AllContent } from '../content/hooks';
import { track } from '../lib/analytics';
import { getLastActionAt, markAction, onAction, ping, signOutAndLeave } from '../lib/accountSession';
import type { Locale } from '../lib/locale';
import { LazyModal } from './LazyModal';
import { useModalAhead } from './modalOrder';

/** Seed 001 §9: the warning opens 750 000 ms after the last action... */
export const IDLE_WARNING_MS = 750_000;
/** ...and the provider's logout (`state=expired`) follows 120 000 ms later (the 2:00 countdown). */
export const LOGOUT_AFTER_MS = 120_000;

/** `m:ss` of a number of whole seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The idle timer: `warningAt` is when the modal opens (750 s after the last successful call);
 * once open, `secondsLeft` counts down from 120 and at 0 `onExpire` runs once.
 */
export function useIdleTimeout(onExpire: () => void) {
  const [open, setOpen] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(LOGOUT_AFTER_MS / 1000);

  // closed: (re)arm the warning from the last action, again whenever a call succeeds
  useEffect(() => {
    if (open) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      clearTimeout(timer);
      const wait = Math.max(0, getLastActionAt() + IDLE_WARNING_MS - Date.now());
      timer = setTimeout(() => setOpen(true), wait);
    };
    arm();
    const off = onAction(arm);
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [open]);

  // open: count down from the moment it opened; no call made meanwhile keeps it open
  useEffect(() => {
    if (!open) return;
    const end = Date.now() + LOGOUT_AFTER_MS;
    setSecondsLeft(LOGOUT_AFTER_MS / 1000);
    const tick = setInterval(() => setSecondsLeft(Math.ceil((end - Date.now()) / 1000)), 1000);
    const expire = setTimeout(onExpire, LOGOUT_AFTER_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(expire);
    };
  }, [open, onExpire]);

  return { open, secondsLeft, close: useCallback(() => setOpen(false), []) };
}

const RADIUS = 45;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The 2:00 countdown circle: the ring empties as time runs out. */
function Countdown({ secondsLeft, label }: { secondsLeft: number; label: string }) {
  const total = LOGOUT_AFTER_MS / 1000;
  const time = formatCountdown(secondsLeft);
  return (
    <div className="countdown" role="timer" aria-label={label.replace('{time}', time)}>
      <svg viewBox="0 0 100 100" width="96" height="96" aria-hidden="true" focusable="false">
        <circle cx="50" cy="50" r={RADIUS} className="countdown__track" />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          className="countdown__ring"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - Math.max(0, secondsLeft) / total)}
        />
      </svg>
      <span className="countdown__time" aria-hidden="true" data-testid="countdown">
        {time}
      </span>
    </div>
  );
}

/**
 * The session-timeout modal (seed 001 §2 "Page shell", §4 "Session and timeout", §9): opens
 * 750 s after the last action with a 2:00 countdown. Keep session active, the close button and
 * a click outside all keep the session (a forced ping); Log out now signs out; when the
 * countdown ends, sign-out with `expired` and the provider's logout. The timer runs with the
 * page; the modal's code loads when it first opens (`LazyModal`). It goes before the page's
 * own modals (`useModalAhead`: the welcome tour waits).
 */
export function SessionTimeout({ locale, content }: { locale: Locale; content: AllContent['sessionTimeout'] }) {
  const expire = useCallback(() => {
    track({ event: 'sessionTimeout', cause: 'idle' });
    void signOutAndLeave(locale, true);
  }, [locale]);
  const { open, secondsLeft, close } = useIdleTimeout(expire);
  // before the page's own modals: the welcome tour closes while it is open (two modals at once
  // leave one inert, and which one depends on which code loaded first)
  useModalAhead(open);

  // a mutation, so a session error of the ping goes through the app's one handler
  const keepAlive = useMutation({ mutationFn: () => ping(true) });
  const keep = () => {
    // the choice is an action: the next warning is 750 s from now, not from the old last call
    markAction();
    close();
    keepAlive.mutate();
  };

  return (
    <LazyModal
      isOpen={open}
      onOpenChange={(isOpen) => !isOpen && keep()}
      dialog={{ 'data-testid': 'session-timeout', 'aria-describedby': 'session-timeout-warning' }}
    >
      <div className="dialog__header">
        <Heading slot="title" level={2}>
          {content.title}
        </Heading>
        <Button className="dialog__x" aria-label={content.close} onPress={keep}>
          ×
        </Button>
      </div>
      <p id="session-timeout-warning">{content.warning}</p>
      <Countdown secondsLeft={secondsLeft} label={content.countdownLabel} />
      <div className="dialog__actions">
        <Button className="button button--primary" onPress={keep} autoFocus>
          {content.keepActive}
        </Button>
        <Button className="button button--link" onPress={() => void signOutAndLeave(locale)}>
          {content.logoutNow}
        </Button>
      </div>
    </LazyModal>
  );
}
