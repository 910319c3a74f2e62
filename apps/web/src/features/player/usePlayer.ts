import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { PlayerEngine, PlayerSnapshot } from './engine/PlayerEngine';

export const PlayerEngineContext = createContext<PlayerEngine | null>(null);

/** The app-wide engine: its actions are stable functions, safe in effect dependencies. */
export function usePlayerEngine(): PlayerEngine {
  const engine = useContext(PlayerEngineContext);
  if (!engine) throw new Error('usePlayerEngine() needs a <PlayerProvider> above it');
  return engine;
}

/**
 * One slice of the player's state. The component re-renders only when `select` returns a
 * different value (Object.is), so select a primitive or a part the engine keeps by identity
 * (the track, the queue's tracks), never a new object.
 */
export function usePlayerState<T>(select: (snapshot: PlayerSnapshot) => T): T {
  const engine = usePlayerEngine();
  const read = useCallback(() => select(engine.getSnapshot()), [engine, select]);
  return useSyncExternalStore(engine.subscribe, read, read);
}
