import { Button, Heading } from 'react-aria-components';
import { LazyModal, useModalTrigger } from './LazyModal';

/** Texts of the generic info modal (content: title, body paragraphs split by a blank line, close). */
export interface InfoModalTexts {
  title: string;
  body: string;
  close: string;
  /** "Yes, Cancel" of the cancel-move confirmation. */
  confirm?: string;
  /** "No, keep Move Request" of the cancel-move confirmation. */
  keep?: string;
}

/** The cancel-move confirmation: what "Yes, Cancel" does and whether it is under way. */
export interface CancelMoveConfirmation {
  onConfirm: () => void;
  /** While the cancel is sent: both answers are disabled and `pendingText` is announced. */
  pending: boolean;
  pendingText: string;
}

/**
 * The generic info modal (seed 001 §2 "Page shell"): a trigger button, title, body, an optional
 * cancel-move confirmation ("Yes, Cancel" / "No, keep Move Request") and a close button; a click
 * outside closes it (react-aria Modal, focus trapped and restored, Escape closes; `LazyModal`:
 * its code loads when it first opens).
 */
export function InfoModal({
  trigger,
  texts,
  confirmation,
  testId,
  triggerClassName = 'button button--link',
}: {
  trigger: string;
  texts: InfoModalTexts;
  confirmation?: CancelMoveConfirmation;
  testId?: string;
  triggerClassName?: string;
}) {
  const pending = confirmation?.pending ?? false;
  const { close, triggerProps, modalProps, dialogId } = useModalTrigger();
  return (
    <>
      <Button className={triggerClassName} {...triggerProps}>
        {trigger}
      </Button>
      <LazyModal {...modalProps} isDismissable={!pending} dialog={{ id: dialogId, 'data-testid': testId }}>
        <div className="dialog__header">
          <Heading slot="title" level={2}>
            {texts.title}
          </Heading>
        </div>
        {texts.body.split('\n\n').map((p) => (
          <p key={p}>{p}</p>
        ))}
        {confirmation && pending && (
          <p role="status" data-testid="info-modal-pending">
            {confirmation.pendingText}
          </p>
        )}
        <div className="dialog__actions">
          {confirmation && texts.confirm && texts.keep ? (
            <>
              <Button className="button button--primary" isDisabled={pending} onPress={confirmation.onConfirm}>
                {texts.confirm}
              </Button>
              <Button className="button button--secondary" isDisabled={pending} onPress={close}>
                {texts.keep}
              </Button>
            </>
          ) : (
            <Button className="button button--primary" onPress={close}>
              {texts.close}
            </Button>
          )}
        </div>
      </LazyModal>
    </>
  );
}
