import { useLayoutEffect, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useFirstScreenModal, useModalAheadOpen } from './modalOrder';

export interface FirstScreenModalProps {
  isOpen: boolean;
  /** The customer closed it: Escape, or a click outside the dialog. */
  onDismiss: () => void;
  /** The dialog's accessible name. */
  'aria-label': string;
  'data-testid'?: string;
  'data-step'?: number;
  /** Classes of the dialog's content box (`dialog` and the modal's own). */
  className?: string;
  children: ReactNode;
}

/**
 * A modal drawn with its page's first screen (the dashboard's welcome tour, seed 001 §2): the
 * platform's `<dialog>` opened with `showModal()` (the page behind inert, focus moved into it and
 * given back when it closes, Escape cancels it; a click outside closes it too), so its code is a
 * few hundred bytes of the page's own chunk. A `LazyModal` (React Aria's overlays, about 11 KB
 * loaded on its first open) would draw it after the first screen, as the page's largest paint
 * (issue 10). While a modal that goes before the page's own is open (`useModalAhead`: the
 * session-timeout and sync-up modals) it is closed, and it opens again after; while it is open
 * the shell's sync-up check waits (`useFirstScreenModal`).
 */
export function FirstScreenModal({ isOpen, onDismiss, className, children, ...attributes }: FirstScreenModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const held = useModalAheadOpen();
  const shown = isOpen && !held;
  const showing = useRef(false);
  useFirstScreenModal(isOpen);
  // before the paint: it shows in the same frame as the page it opens with
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !shown) return;
    dialog.showModal();
    dialog.focus();
    showing.current = true;
    return () => {
      showing.current = false;
      dialog.close();
    };
  }, [shown]);
  const cancel = (e: SyntheticEvent) => {
    // the state closes it (the platform would close it too, and again on a second Escape)
    e.preventDefault();
    onDismiss();
  };
  // closed by the platform itself, not by this component: an Escape without a user activation
  // before it closes the dialog with no `cancel` event (the close watcher's abuse rule); the
  // event is queued, so one from an earlier close finds the dialog shown again and is ignored
  const closed = (e: SyntheticEvent<HTMLDialogElement>) => showing.current && !e.currentTarget.open && onDismiss();
  // the content box fills the dialog: a click on the dialog itself is on its backdrop
  const outside = (e: MouseEvent) => e.target === e.currentTarget && onDismiss();
  if (!isOpen) return null;
  return (
    <dialog ref={ref} className="modal first-screen-modal" tabIndex={-1} onCancel={cancel} onClose={closed} onClick={outside} {...attributes}>
      <div className={className}>{children}</div>
    </dialog>
  );
}
