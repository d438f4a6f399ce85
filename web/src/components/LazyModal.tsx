import { lazy, Suspense, useId, useState, type ReactNode } from 'react';

const ModalDialog = lazy(() => import('./ModalDialog'));

/** What `LazyModal` passes on to the dialog element: its test id, stage and name. */
export interface DialogAttributes {
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
  'data-stage'?: string;
  'data-step'?: number;
}

export interface LazyModalProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** A click outside closes it (default true). */
  isDismissable?: boolean;
  dialog?: DialogAttributes;
  /** Called once the dialog's code is loaded and it is drawn (`useModalTrigger`'s `aria-controls`). */
  onLoaded?: () => void;
  children: ReactNode;
}

/**
 * A modal dialog that most page loads never open (issue 10's byte budget): React Aria's
 * overlay code (`ModalDialog`: the modal, dialog, focus containment, popover and collection
 * modules it imports, the `ui-overlays` chunk) loads the first time `isOpen` is true, not with
 * the page; once loaded it stays mounted, as a react-aria `ModalOverlay` with `isOpen` does.
 */
export function LazyModal(props: LazyModalProps) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
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
