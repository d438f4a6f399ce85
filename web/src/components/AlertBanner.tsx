import { Button } from 'react-aria-components';

/** The closable warning banner above a page (seed 000 §2): shown while there is a message. */
export function AlertBanner({ message, closeLabel, onClose }: { message?: string; closeLabel: string; onClose: () => void }) {
  if (!message) return null;
  return (
    <div className="buy-banner" role="alert" data-testid="warning-banner">
      <p>{message}</p>
      <Button className="dialog__x" aria-label={closeLabel} onPress={onClose}>
        <span aria-hidden="true">×</span>
      </Button>
    </div>
  );
}
