import { startTransition, Suspense, useEffect, useId, useState } from 'react';
import { lazyLoaded, moduleLoader } from '../lib/moduleLoader';

const ModalDialog = lazyLoaded(
  moduleLoader(() => import('./ModalDialog')),
  (m) => m.default,
);

export type { DialogAttributes, LazyModalProps } from './ModalDialog';
import type { LazyModalProps } from './ModalDialog';

/**
 * A modal dialog that most page loads never open (issue 10's byte budget): React Aria's
 * overlay code (`ModalDialog`: the modal, dialog, focus containment and popover modules it
 * imports, the `ui-overlays` chunk) loads after the render that first opens it, not with the
 * page (one open with its page loads after the page's first screen); once loaded it stays
 * mounted, as a react-aria `ModalOverlay` with `isOpen` does. A modal open with its page's
 * first screen is a `FirstScreenModal`.
 */
export function LazyModal(props: LazyModalProps) {
  const [opened, setOpened] = useState(false);
  // a transition: rendered in a task of its own, after what the opening commit drew is shown
  useEffect(() => {
    if (props.isOpen) startTransition(() => setOpened(true));
  }, [props.isOpen]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
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
