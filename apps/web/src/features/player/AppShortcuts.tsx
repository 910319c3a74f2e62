import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useKeyboardShortcuts, type AppKeys } from './useKeyboardShortcuts';
import type { PlayerEngine } from './engine/PlayerEngine';

const SEARCH_BOX = 'form[role="search"] input';
const HOME_PATHS = new Set(['/', '/home']);
/** How long `/` waits for Home's search box to appear after navigating there. */
const SEARCH_WAIT_MS = 3000;

/** Focuses Home's search box once it is on the page (Home loads lazily). */
function focusSearchBoxSoon(): void {
  const until = Date.now() + SEARCH_WAIT_MS;
  const attempt = () => {
    const box = document.querySelector<HTMLInputElement>(SEARCH_BOX);
    if (box) box.focus();
    else if (Date.now() < until) window.setTimeout(attempt, 50);
  };
  attempt();
}

/** The listener's keys: the player's (useKeyboardShortcuts), `/` for search and `?` for the list. */
export function AppShortcuts({ engine }: { engine: PlayerEngine }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);
  const appKeys = useMemo<AppKeys>(
    () => ({
      focusSearch: () => {
        if (!HOME_PATHS.has(pathname)) navigate('/');
        focusSearchBoxSoon();
      },
      openHelp: () => setHelpOpen(true),
    }),
    [navigate, pathname],
  );
  useKeyboardShortcuts(engine, appKeys);
  return <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />;
}
