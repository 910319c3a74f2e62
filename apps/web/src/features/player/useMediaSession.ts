import { useEffect, useRef } from 'react';
import type { PlayerTrack } from './queue';

export interface MediaSessionActions {
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
}

const ACTIONS = [
  'play',
  'pause',
  'previoustrack',
  'nexttrack',
  'seekto',
] as const satisfies MediaSessionAction[];

function mediaSession(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? navigator.mediaSession
    : null;
}

/** Title, artist and artwork in the OS, and hardware media keys, where the Media Session API exists. */
export function useMediaSession(
  track: PlayerTrack | null,
  playing: boolean,
  position: number,
  duration: number,
  actions: MediaSessionActions,
): void {
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler> = {
      play: () => actionsRef.current.play(),
      pause: () => actionsRef.current.pause(),
      previoustrack: () => actionsRef.current.previous(),
      nexttrack: () => actionsRef.current.next(),
      seekto: (details) => {
        if (typeof details.seekTime === 'number') actionsRef.current.seek(details.seekTime);
      },
    };
    for (const action of ACTIONS) setHandler(session, action, handlers[action]);
    return () => {
      for (const action of ACTIONS) setHandler(session, action, null);
    };
  }, []);

  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    if (!track || typeof MediaMetadata === 'undefined') {
      session.metadata = null;
      return;
    }
    session.metadata = new MediaMetadata({
      title: track.name,
      artist: track.artist,
      artwork: track.img ? [{ src: track.img }] : [],
    });
  }, [track]);

  useEffect(() => {
    const session = mediaSession();
    if (session) session.playbackState = track ? (playing ? 'playing' : 'paused') : 'none';
  }, [track, playing]);

  useEffect(() => {
    const session = mediaSession();
    if (!session?.setPositionState || !(duration > 0)) return;
    try {
      session.setPositionState({
        duration,
        position: Math.min(position, duration),
        playbackRate: 1,
      });
    } catch {
      // Out-of-range values during a track switch; the next tick corrects them.
    }
  }, [position, duration]);
}

/** Browsers throw for actions they don't support; those are simply left out. */
function setHandler(
  session: MediaSession,
  action: MediaSessionAction,
  handler: MediaSessionActionHandler | null,
) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    /* unsupported action */
  }
}
