import { useEffect } from 'react';
import type { PlayerEngine } from './engine/PlayerEngine';

export const SEEK_STEP_SECONDS = 5;

/** Marks the player's own regions (the now-playing bar, the player stage): arrows work there. */
export const PLAYER_KEYS_REGION = 'data-player-keys';

/** Where focus keeps every key: text entry, and widgets with their own arrow and Space keys. */
const OWNS_EVERY_KEY = [
  'input',
  'textarea',
  'select',
  '[contenteditable="true"]',
  'ul',
  'ol',
  ...[
    'list',
    'listbox',
    'grid',
    'table',
    'tree',
    'slider',
    'spinbutton',
    'menu',
    'menubar',
    'radiogroup',
    'tablist',
    'combobox',
    'dialog',
  ].map((role) => `[role="${role}"]`),
].join(', ');

const ACTIVATES_ON_SPACE =
  'button, a[href], summary, [role="button"], [role="link"], [role="menuitem"]';

/** Arrows that move through the page (and lists): they are the player's only inside it. */
const SCROLLS_THE_PAGE = new Set(['ArrowUp', 'ArrowDown']);

/**
 * Whether the page keeps this key. Focus in a field, a list, a slider or a menu keeps them all;
 * a button keeps Space (it activates it); ↑/↓ scroll the page unless focus is inside the player.
 */
export function pageOwnsKey(target: EventTarget | null, key: string): boolean {
  const el = target instanceof Element ? target : null;
  if (el && ((el as HTMLElement).isContentEditable || el.closest(OWNS_EVERY_KEY))) return true;
  if (key === ' ') return Boolean(el?.closest(ACTIVATES_ON_SPACE));
  if (SCROLLS_THE_PAGE.has(key)) return !el?.closest(`[${PLAYER_KEYS_REGION}]`);
  return false;
}

/** Keys of the listener's app as a whole, whatever plays: `/` to search, `?` for the list of keys. */
export interface AppKeys {
  focusSearch(): void;
  openHelp(): void;
}

/** Where typing goes: `/` and `?` are characters there. */
const TYPES_TEXT = 'input, textarea, select, [contenteditable="true"]';

/**
 * Player keys while a track is loaded: Space play/pause anywhere the page does not need it;
 * ←/→ seek 5 s and Shift+←/→ change track (not in a field, list, slider or menu); with focus in
 * the player, ↑/↓ change track too. `/` and `?` (AppKeys) work on any listener screen. Widgets
 * that handle a key themselves call preventDefault and win.
 */
export function useKeyboardShortcuts(engine: PlayerEngine, appKeys?: AppKeys, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const appHandler = appKeys && { '/': appKeys.focusSearch, '?': appKeys.openHelp }[event.key];
      if (appHandler) {
        if (target?.closest(TYPES_TEXT) || (target as HTMLElement | null)?.isContentEditable) return;
        event.preventDefault();
        appHandler();
        return;
      }
      if (!engine.getSnapshot().track) return;
      if (pageOwnsKey(event.target, event.key)) return;
      const handlers: Record<string, () => void> = {
        ' ': engine.togglePlay,
        ArrowLeft: event.shiftKey ? engine.previous : () => engine.seekBy(-SEEK_STEP_SECONDS),
        ArrowRight: event.shiftKey ? engine.next : () => engine.seekBy(SEEK_STEP_SECONDS),
        ArrowUp: engine.previous,
        ArrowDown: engine.next,
      };
      const handler = handlers[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [engine, appKeys, enabled]);
}
