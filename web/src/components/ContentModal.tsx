import { Button, Heading } from 'react-aria-components';
import type { Schemas } from '../api/client';
import { LazyModal, useModalTrigger } from './LazyModal';

/**
 * A link-styled button opening a content modal (title, paragraphs, close), react-aria Dialog
 * (`LazyModal`: its code loads when it first opens). `triggerClassName` replaces the link
 * style (e.g. a badge).
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
  const { close, triggerProps, modalProps, dialogId } = useModalTrigger();
  return (
    <>
      <Button className={triggerClassName} {...triggerProps}>
        {trigger}
      </Button>
      <LazyModal {...modalProps} dialog={{ id: dialogId, 'data-testid': testId }}>
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
      </LazyModal>
    </>
  );
}
