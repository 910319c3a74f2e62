import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

/**
 * A Radix dialog with a title and a Close button: focus stays inside, Escape, the backdrop or
 * Close dismisses it. `className` names the frame (a centred modal, a side panel): its backdrop
 * and header are `<className>__backdrop` and `<className>__header`.
 */
export function DialogFrame({
  title,
  onClose,
  className,
  closeLabel = 'Close',
  contentProps,
  children,
}: {
  title: string;
  onClose(): void;
  className: string;
  closeLabel?: string;
  contentProps?: Omit<Dialog.DialogContentProps, 'className' | 'children'>;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={`${className}__backdrop`} />
        <Dialog.Content className={className} aria-describedby={undefined} {...contentProps}>
          <header className={`${className}__header`}>
            <Dialog.Title asChild>
              <h2>{title}</h2>
            </Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-btn" aria-label={closeLabel}>
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
