import { useEffect, type ReactNode } from 'react';
import { DialogFrame } from '../../components/DialogFrame';

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
    <DialogFrame
      title={title}
      onClose={onClose}
      className="side-panel"
      contentProps={{
        onOpenAutoFocus: (event) => {
          // Into the first field rather than onto the Close button.
          const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('input, select, textarea');
          if (field) {
            event.preventDefault();
            field.focus();
          }
        },
        // A save re-renders the page behind; only Escape, Close or the backdrop close the panel.
        onFocusOutside: (event) => event.preventDefault(),
      }}
    >
      {children}
    </DialogFrame>
  );
}
