import { startTransition, Suspense, useEffect, useId, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { lazyLoaded, moduleLoader } from '../lib/moduleLoader';

const modalDialog = moduleLoader(() => import('./ModalDialog'));
/** Loads a modal's code (`ModalDialog` and the `ui-overlays` chunk) ahead of its first open. */
export const preloadModalDialog = modalDialog.load;
const ModalDialog = lazyLoaded(modalDialog, (m) => m.default);

export type { DialogAttributes, LazyModalProps } from './ModalDialog';
import type { LazyModalProps } from './ModalDialog';

/** How many modals that go before the page's own are open (the sync-up and session-timeout modals). */
let ahead = 0;
const listeners = new Set<() => void>();
function addAhead(n: number) {
  ahead += n;
  listeners.forEach((l) => l());
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/**
 * Marks a modal that goes before the page's own while `open` (the shell's sync-up and
 * session-timeout modals, seed 001 §2): a `LazyModal` with `deferred` (the dashboard's welcome tour) stays closed meanwhile and
 * opens once it is closed, so the two never show at once, whichever loads first.
 */
export function useModalAhead(open: boolean) {
  // a layout effect: marked before any passive effect of the same commit, so a deferred modal
  // drawn in that commit (the tour, with the page the sync-up check is about) does not open
  useLayoutEffect(() => {
    if (!open) return;
    addAhead(1);
    return () => addAhead(-1);
  }, [open]);
}

/**
 * A modal dialog that most page loads never open (issue 10's byte budget): React Aria's
 * overlay code (`ModalDialog`: the modal, dialog, focus containment and popover modules it
 * imports, the `ui-overlays` chunk) loads after the render that first opens it, not with the
 * page (one open with its page loads after the page's first screen); once loaded it stays
 * mounted, as a react-aria `ModalOverlay` with `isOpen` does. `deferred`: stays closed while a
 * modal that goes before the page's own is open (`useModalAhead`).
 */
export function LazyModal({ deferred = false, ...props }: LazyModalProps & { deferred?: boolean }) {
  const held = useSyncExternalStore(subscribe, () => deferred && ahead > 0);
  const isOpen = props.isOpen && !held;
  const [opened, setOpened] = useState(false);
  // a transition: rendered in a task of its own, after what the opening commit drew is shown
  // (the dashboard's first screen with its welcome tour)
  useEffect(() => {
    // `ahead` as it is now: a modal marked in the same commit as this one opened goes first
    if (isOpen && !(deferred && ahead > 0)) startTransition(() => setOpened(true));
  }, [isOpen, deferred, held]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} isOpen={isOpen} />
    </Suspense>
  );
}

/**
 * A trigger for a `LazyModal`, as react-aria's `DialogTrigger` gives its button: open state,
 * `aria-expanded`, and `aria-controls` naming the dialog while it is open (once it is drawn:
 * its code loads on the first open, and an `aria-controls` naming no element is invalid).
 * Spread `modalProps` on the `LazyModal`.
 */
export function useModalTrigger() {
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const id = useId();
  return {
    close: () => setOpen(false),
    triggerProps: { 'aria-expanded': isOpen, 'aria-controls': isOpen && loaded ? id : undefined, onPress: () => setOpen(true) },
    modalProps: { isOpen, onOpenChange: setOpen, onLoaded: () => setLoaded(true) },
    dialogId: id,
  };
}
