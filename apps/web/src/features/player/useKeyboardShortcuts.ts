import { useEffect, useRef } from 'react';

export const SEEK_STEP_SECONDS = 5;

export interface ShortcutActions {
  togglePlay(): void;
  seekBy(deltaSeconds: number): void;
  next(): void;
  previous(): void;
}

/** Form fields keep every key; buttons and links keep Space (it activates them). */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target.closest('input, textarea, select, [contenteditable="true"]')
  )
    return true;
  return (
    key === ' ' &&
    Boolean(target.closest('button, a[href], summary, [role="button"], [role="link"]'))
  );
}

/**
 * Player keys on listener screens: Space play/pause, ←/→ seek 5 s, Shift+←/→ or ↑/↓
 * previous/next. Widgets that handle a key themselves call preventDefault and win.
 */
export function useKeyboardShortcuts(actions: ShortcutActions, enabled: boolean): void {
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (ownsKey(event.target, event.key)) return;
      const a = actionsRef.current;
      const handlers: Record<string, () => void> = {
        ' ': a.togglePlay,
        ArrowLeft: event.shiftKey ? a.previous : () => a.seekBy(-SEEK_STEP_SECONDS),
        ArrowRight: event.shiftKey ? a.next : () => a.seekBy(SEEK_STEP_SECONDS),
        ArrowUp: a.previous,
        ArrowDown: a.next,
      };
      const handler = handlers[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
