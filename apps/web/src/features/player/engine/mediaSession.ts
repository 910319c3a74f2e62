import type { PlayerTrack } from '../queue';

/** OS media controls and hardware keys, where the Media Session API exists. */

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

/** Registers the handlers; returns their removal. */
export function bindMediaKeys(actions: MediaSessionActions): () => void {
  const session = mediaSession();
  if (!session) return () => {};
  const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler> = {
    play: () => actions.play(),
    pause: () => actions.pause(),
    previoustrack: () => actions.previous(),
    nexttrack: () => actions.next(),
    seekto: (details) => {
      if (typeof details.seekTime === 'number') actions.seek(details.seekTime);
    },
  };
  for (const action of ACTIONS) setHandler(session, action, handlers[action]);
  return () => {
    for (const action of ACTIONS) setHandler(session, action, null);
  };
}

export function publishTrack(track: PlayerTrack | null): void {
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
}

export function publishPlaying(track: PlayerTrack | null, playing: boolean): void {
  const session = mediaSession();
  if (session) session.playbackState = track ? (playing ? 'playing' : 'paused') : 'none';
}

export function publishPosition(position: number, duration: number): void {
  const session = mediaSession();
  if (!session?.setPositionState || !(duration > 0)) return;
  try {
    session.setPositionState({ duration, position: Math.min(position, duration), playbackRate: 1 });
  } catch {
    // Out-of-range values during a track switch; the next tick corrects them.
  }
}
