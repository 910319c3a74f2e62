import * as Dialog from '@radix-ui/react-dialog';
import { QUEUE_LABELS } from '@samaa/shared';
import './queue.css';

/** What the keys do, as the `?` dialog lists them (useKeyboardShortcuts.ts does them). */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'Space', action: 'Play or pause' },
  { keys: '← / →', action: 'Seek back or forward 5 seconds' },
  { keys: 'Shift + ← / →', action: 'Previous or next song' },
  { keys: '↑ / ↓ (in the player)', action: 'Previous or next song' },
  { keys: '/', action: 'Search' },
  { keys: '?', action: 'Show these shortcuts' },
];

/** The list of keyboard shortcuts (Radix Dialog: Escape or Close dismisses it, focus goes back). */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="queue-panel__backdrop" />
        <Dialog.Content className="shortcuts-dialog" aria-describedby={undefined} data-testid="shortcuts-dialog">
          <Dialog.Title className="shortcuts-dialog__title">{QUEUE_LABELS.keyboardShortcuts}</Dialog.Title>
          <table className="shortcuts-dialog__table">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map(({ keys, action }) => (
                <tr key={keys}>
                  <td>
                    <kbd>{keys}</kbd>
                  </td>
                  <td>{action}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="shortcuts-dialog__note">Keys are left alone while you type in a field, and lists keep their arrow keys.</p>
          <Dialog.Close className="btn btn--ghost btn--small">Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
