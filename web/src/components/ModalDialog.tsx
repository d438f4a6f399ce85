import { useEffect, type ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';

/** What `LazyModal` passes on to the dialog element: its test id, stage and name. */
export interface DialogAttributes {
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
  'data-stage'?: string;
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
 * The app's modal dialog (react-aria `ModalOverlay`, `Modal` and `Dialog`: focus trapped and
 * restored, Escape and, when dismissable, a click outside close it). Loaded by `LazyModal` the
 * first time it opens; a `Heading slot="title"` among the children names it.
 */
export default function ModalDialog({ isOpen, onOpenChange, isDismissable = true, dialog, onLoaded, children }: LazyModalProps) {
  // once, when drawn (`useModalTrigger`'s `aria-controls` names the dialog from then)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount
  useEffect(() => onLoaded?.(), []);
  return (
    <ModalOverlay className="modal-overlay" isDismissable={isDismissable} isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className="modal">
        <Dialog className="dialog" {...dialog}>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
