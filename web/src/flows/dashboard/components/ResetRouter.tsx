import { useMutation } from '@tanstack/react-query';
import { Button, Heading } from 'react-aria-components';
import { LazyModal } from '../../../components/LazyModal';
import { restartDevice } from '../api';
import type { DashboardContent } from '../content';

/** The modal's state (seed 001 §2 "Reset-router modal"): intro, sending, then restarted or failed. */
export type ResetRouterStage = 'intro' | 'sending' | 'restarted' | 'failed';

/**
 * The reset-router modal (seed 001 §2 "Dashboard", §4 "Reset router"): the intro and a restart
 * button, then the sending text while `restartDevice` runs, then the restarted or the failed
 * texts ("There was an issue", "Please try again"); a failed call is the failed state too.
 * Controlled by the helpful link that opens it; closing resets it to the intro.
 */
export function ResetRouterModal({
  accountId,
  content,
  isOpen,
  onOpenChange,
}: {
  accountId: string;
  content: DashboardContent['resetRouter'];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const restart = useMutation({ mutationFn: () => restartDevice(accountId) });
  const stage: ResetRouterStage = restart.isPending
    ? 'sending'
    : restart.isSuccess
      ? restart.data.result === 'restarted'
        ? 'restarted'
        : 'failed'
      : restart.isError
        ? 'failed'
        : 'intro';
  const setOpen = (open: boolean) => {
    if (!open) restart.reset();
    onOpenChange(open);
  };
  return (
    <LazyModal
      isOpen={isOpen}
      onOpenChange={setOpen}
      isDismissable={stage !== 'sending'}
      dialog={{ 'data-testid': 'reset-router-modal', 'data-stage': stage }}
    >
      <div className="dialog__header">
        <Heading slot="title" level={2}>
          {stage === 'restarted' ? content.restartedTitle : stage === 'failed' ? content.failedTitle : content.title}
        </Heading>
      </div>
      <div role="status">
        {stage === 'intro' && <p>{content.intro}</p>}
        {stage === 'sending' && <p>{content.sending}</p>}
        {stage === 'restarted' && <p>{content.restartedBody}</p>}
        {stage === 'failed' && <p>{content.failedBody}</p>}
      </div>
      <div className="dialog__actions">
        {stage === 'intro' && (
          <Button className="button button--primary" onPress={() => restart.mutate()}>
            {content.restart}
          </Button>
        )}
        <Button className="button button--secondary" isDisabled={stage === 'sending'} onPress={() => setOpen(false)}>
          {content.close}
        </Button>
      </div>
    </LazyModal>
  );
}
