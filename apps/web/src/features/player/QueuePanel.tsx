import * as Dialog from '@radix-ui/react-dialog';
import { QUEUE_LABELS } from '@samaa/shared';
import { QueueList } from './QueueList';
import './queue.css';

/**
 * The queue beside any screen, opened from the now-playing bar (Radix Dialog): focus moves in,
 * Escape or Close dismisses it, and focus returns to the Queue button.
 */
export function QueuePanel() {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn--ghost btn--small" data-testid="nowplaying-queue">
          {QUEUE_LABELS.openQueue}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="queue-panel__backdrop" />
        <Dialog.Content className="queue-panel" aria-describedby={undefined} data-testid="queue-panel">
          <Dialog.Title className="visually-hidden">{QUEUE_LABELS.openQueue}</Dialog.Title>
          <Dialog.Close asChild>
            <button type="button" className="icon-btn queue-panel__close" aria-label={QUEUE_LABELS.closeQueue}>
              ✕
            </button>
          </Dialog.Close>
          <QueueList headingLevel={3} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
