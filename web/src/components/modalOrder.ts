import { useLayoutEffect, useSyncExternalStore } from 'react';

// Which modal shows when several want to (seed 001 §2 "Page shell"): two modals at once leave
// one of them inert. Counts, not flags: each open modal marks itself while it is open.
const open = { ahead: 0, firstScreen: 0 };
const listeners = new Set<() => void>();
function add(kind: keyof typeof open, n: number) {
  open[kind] += n;
  listeners.forEach((l) => l());
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}
function useMark(kind: keyof typeof open, isOpen: boolean) {
  // a layout effect: marked before any passive effect of the same commit, and before the paint
  useLayoutEffect(() => {
    if (!isOpen) return;
    add(kind, 1);
    return () => add(kind, -1);
  }, [kind, isOpen]);
}

/**
 * Marks a modal that goes before the page's own while `isOpen` (the session-timeout and sync-up
 * modals): a `FirstScreenModal` (the dashboard's welcome tour) closes meanwhile and opens again
 * after.
 */
export function useModalAhead(isOpen: boolean): void {
  useMark('ahead', isOpen);
}

/** Whether a modal that goes before the page's own is open (`useModalAhead`). */
export function useModalAheadOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open.ahead > 0);
}

/** Marks a modal drawn with its page's first screen while `isOpen` (`FirstScreenModal`). */
export function useFirstScreenModal(isOpen: boolean): void {
  useMark('firstScreen', isOpen);
}

/**
 * Whether a modal drawn with its page's first screen is open: the shell's sync-up check waits
 * until it is closed (the welcome tour first, then the sync-up modal).
 */
export function useFirstScreenModalOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open.firstScreen > 0);
}
