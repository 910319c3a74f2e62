import { useState, type ReactNode } from 'react';
import { ShareDialog, type ShareTarget } from './ShareDialog';

/** A share dialog a menu opens: `open(target)`, and the element to render (null while closed). */
export function useShareDialog(): { open(target: ShareTarget): void; dialog: ReactNode } {
  const [target, setTarget] = useState<ShareTarget | null>(null);
  return {
    open: setTarget,
    dialog: target ? <ShareDialog target={target} onClose={() => setTarget(null)} /> : null,
  };
}
