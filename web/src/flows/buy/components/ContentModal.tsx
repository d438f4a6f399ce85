import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { BuyContent } from '../content';

type ModalContent = BuyContent['internet']['disclaimerModal'];

/** A link-styled button opening a content modal (title, body, close), react-aria Dialog. */
export function ContentModal({ trigger, modal, testId }: { trigger: string; modal: ModalContent; testId?: string }) {
  return (
    <DialogTrigger>
      <Button className="button button--link">{trigger}</Button>
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
