import { useEffect, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

/**
 * A panel sliding in from the right over the page (Radix Dialog): focus moves into it and stays
 * there, Escape, the backdrop or Close dismisses it, and focus returns to what opened it.
 */
export function SidePanel({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  // The panel is unmounted rather than closed, so focus goes back by hand to what opened it.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    return () => {
      setTimeout(() => opener?.isConnected && opener.focus());
    };
  }, []);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="side-panel__backdrop" />
        <Dialog.Content
          className="side-panel"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // Into the first field rather than onto the Close button.
            const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('input, select, textarea');
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          // A save re-renders the page behind; only Escape, Close or the backdrop close the panel.
          onFocusOutside={(event) => event.preventDefault()}
        >
          <header className="side-panel__header">
            <Dialog.Title asChild>
              <h2>{title}</h2>
            </Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-btn" aria-label="Close">
                ✕
              </button>
            </Dialog.Close>
          </header>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
