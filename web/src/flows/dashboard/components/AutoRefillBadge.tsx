import { Button, Heading } from 'react-aria-components';
import { Link } from '../../../app/router';
import { LazyModal, useModalTrigger } from '../../../components/LazyModal';
import type { DashboardContent } from '../content';

/**
 * The auto-refill badge: a button opening a modal that explains auto-refill and offers the
 * Cancel Auto Refill action (seed 001 §2), which leads to the auto-refill page.
 */
export function AutoRefillBadge({ content, autoRefillHref }: { content: DashboardContent['autoRefill']; autoRefillHref: string }) {
  const { close, triggerProps, modalProps, dialogId } = useModalTrigger();
  return (
    <>
      <Button className="badge badge--auto-refill" {...triggerProps}>
        {content.badge}
      </Button>
      <LazyModal {...modalProps} dialog={{ id: dialogId, 'data-testid': 'auto-refill-modal' }}>
        <div className="dialog__header">
          <Heading slot="title" level={2}>
            {content.modalTitle}
          </Heading>
        </div>
        <p>{content.modalBody}</p>
        <div className="actions">
          <Link className="button button--secondary" to={autoRefillHref}>
            {content.cancel}
          </Link>
          <Button className="button button--primary" onPress={close}>
            {content.close}
          </Button>
        </div>
      </LazyModal>
    </>
  );
}
