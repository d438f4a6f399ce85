import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Schemas } from '../api/client';

/**
 * A link-styled button opening a content modal (title, paragraphs, close), react-aria Dialog.
 * `triggerClassName` replaces the link style (e.g. a badge).
 */
export function ContentModal({
  trigger,
  modal,
  testId,
  triggerClassName = 'button button--link',
}: {
  trigger: string;
  modal: Schemas['BuyModal'];
  testId?: string;
  triggerClassName?: string;
}) {
  return (
    <DialogTrigger>
      <Button className={triggerClassName}>{trigger}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal">
          <Dialog className="dialog" data-testid={testId}>
            {({ close }) => (
              <>
                <div className="dialog__header">
                  <Heading slot="title" level={2}>
                    {modal.title}
                  </Heading>
                </div>
                {modal.body.split('\n\n').map((p) => (
                  <p key={p}>{p}</p>
                ))}
                <Button className="button button--primary" onPress={close}>
                  {modal.close}
                </Button>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
