import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { getStoredUser } from '../../session/session';
import { PlayerEngine, type OutputFactory } from './engine/PlayerEngine';
import type { Rng } from './queue';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { AppShortcuts } from './AppShortcuts';
import { PlayReporter } from './playReports';
import { QueueSync } from './QueueSync';
import { QueueStatus } from './QueueStatus';
import { PlayerEngineContext } from './usePlayer';

/**
 * Puts the app-wide PlayerEngine above the routes, so playback goes on across screens, and
 * renders the media elements it plays through. The engine lives outside React: this component
 * renders once per session, not on every progress tick.
 */
export function PlayerProvider({
  children,
  rng,
  createOutput,
  standalone = false,
}: {
  children: ReactNode;
  rng?: Rng;
  createOutput?: OutputFactory;
  /** A player apart from the listener's (a share link's page): no saved queue, no play reports. */
  standalone?: boolean;
}) {
  const [engine] = useState(
    () =>
      new PlayerEngine({
        owner: standalone ? null : (getStoredUser()?._id ?? null),
        rng,
        createOutput,
        persistQueue: !standalone,
      }),
  );
  const mainRef = useRef<HTMLAudioElement>(null);
  const secondRef = useRef<HTMLAudioElement>(null);

  useLayoutEffect(() => {
    engine.attach({ main: mainRef.current!, second: secondRef.current! });
    return () => engine.detach();
  }, [engine]);

  // A share link's page has the player keys only; the listener's screens add `/` and `?`.
  useKeyboardShortcuts(engine, undefined, standalone);

  return (
    <PlayerEngineContext.Provider value={engine}>
      <audio ref={mainRef} data-testid="player-audio" preload="auto" hidden />
      <audio ref={secondRef} preload="auto" hidden aria-hidden="true" />
      {!standalone && <PlayReporter />}
      {!standalone && <QueueSync />}
      {!standalone && <AppShortcuts engine={engine} />}
      <QueueStatus />
      {children}
    </PlayerEngineContext.Provider>
  );
}
