import { lazy, startTransition, Suspense, useEffect, useId, useState, useSyncExternalStore } from 'react';

const ModalDialog = lazy(() => import('./ModalDialog'));

export type { DialogAttributes, LazyModalProps } from './ModalDialog';
import type { LazyModalProps } from './ModalDialog';

/** How many `LazyModal`s are open with their dialog not drawn yet (their code loading). */
let loading = 0;
const listeners = new Set<() => void>();
function addLoading(n: number) {
  loading += n;
  listeners.forEach((l) => l());
}

/**
 * True while an open `LazyModal` loads its code: a modal that must open above it (the sync-up
 * modal over the welcome tour) waits, as it opened after it when both were drawn at once.
 * `useLazyModalLoading` re-renders when it changes; read `lazyModalLoading()` in an effect
 * (a modal opened with the page counts from its commit's effects, which run in tree order).
 */
export function lazyModalLoading(): boolean {
  return loading > 0;
}

export function useLazyModalLoading(): boolean {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  }, lazyModalLoading);
}

/**
 * A modal dialog that most page loads never open (issue 10's byte budget): React Aria's
 * overlay code (`ModalDialog`: the modal, dialog, focus containment and popover modules it
 * imports, the `ui-overlays` chunk) loads after the render that first opens it, not with the
 * page (one open with its page loads after the page's first screen); once loaded it stays
 * mounted, as a react-aria `ModalOverlay` with `isOpen` does.
 */
export function LazyModal(props: LazyModalProps) {
  const { isOpen, onLoaded } = props;
  const [opened, setOpened] = useState(false);
  const [drawn, setDrawn] = useState(false);
  // a transition: rendered in a task of its own, after what the opening commit drew is shown
  // (the dashboard's first screen with its welcome tour)
  useEffect(() => {
    if (isOpen) startTransition(() => setOpened(true));
  }, [isOpen]);
  // counted from the commit that opens it (before any answer the page waits for can arrive)
  useEffect(() => {
    if (!isOpen || drawn) return;
    addLoading(1);
    return () => addLoading(-1);
  }, [isOpen, drawn]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog
        {...props}
        onLoaded={() => {
          setDrawn(true);
          onLoaded?.();
        }}
      />
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
