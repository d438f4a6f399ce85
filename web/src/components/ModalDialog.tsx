import { useEffect } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import type { LazyModalProps } from './LazyModal';

/**
 * The app's modal dialog (react-aria `ModalOverlay`, `Modal` and `Dialog`: focus trapped and
 * restored, Escape and, when dismissable, a click outside close it). Loaded by `LazyModal` the
 * first time it opens; a `Heading slot="title"` among the children names it.
 */
export default function ModalDialog({ isOpen, onOpenChange, isDismissable = true, dialog, onLoaded, children }: LazyModalProps) {
  // once, when drawn (`LazyModal` counts it as loading until then)
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
