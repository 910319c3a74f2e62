import type { PlayQueue, PlayQueueInput } from '@samaa/shared';
import { USER_SESSION_ENDING } from '../../session/session';
import type { PlayerEngine } from './engine/PlayerEngine';
import { loadSyncMark, saveSyncMark, type SyncMark } from './persistence';
import type { PlaybackState } from './queue';
import { songToTrack } from './sources';

/*
 * Keeps the listener's queue on the server (the one Subsonic apps read and write too): saved a
 * moment after each change and as the page goes away; on start, the server's is taken when it
 * changed elsewhere after this browser last saw it.
 */

/** A change is saved once the queue has been still this long. */
export const QUEUE_SAVE_DELAY_MS = 2000;

/** Catalogue songs only: a JioSaavn or Spotify track is not this server's to keep. */
const CATALOGUE_ID = /^[0-9a-f]{24}$/i;

/**
 * The queue as the server keeps it: its catalogue songs, the current one's index among them.
 * Null when the queue holds tracks but none of the catalogue's (the server's is left as it is).
 */
export function queueForServer(playback: PlaybackState, position: number): PlayQueueInput | null {
  const kept = playback.tracks.map((track, i) => ({ id: track.id, i })).filter(({ id }) => CATALOGUE_ID.test(id));
  if (kept.length === 0) return playback.tracks.length ? null : { songs: [], position: 0 };
  const at = kept.findIndex(({ i }) => i >= playback.index);
  const current = at === -1 ? kept.length - 1 : at;
  const onCurrent = kept[current]?.i === playback.index;
  return { songs: kept.map(({ id }) => id.toLowerCase()), current, position: onCurrent ? Math.max(0, Math.round(position * 10) / 10) : 0 };
}

/**
 * Which queue wins on start. The server's when this browser has none, or when it changed since
 * this browser last saw it (another app saved it) later than this browser's unsaved change.
 */
export function serverQueueWins(server: PlayQueue | null, hasLocal: boolean, mark: SyncMark): boolean {
  if (!server || !Array.isArray(server.songs) || server.songs.length === 0) return false;
  if (!hasLocal) return true;
  if (server.changed === mark.synced) return false;
  return mark.changedAt === undefined || Date.parse(server.changed) > mark.changedAt;
}

export interface QueueSyncDeps {
  owner: string | null;
  fetchQueue(): Promise<PlayQueue | null>;
  saveQueue(queue: PlayQueueInput): Promise<{ changed: string }>;
  /** Sends the queue as the page goes away; false when it could not. */
  sendOnExit(queue: PlayQueueInput): boolean;
  /** Whether the listener is still signed in: after a logout nothing is sent. */
  signedIn?(): boolean;
  delayMs?: number;
  storage?: Storage;
}

type Engine = Pick<PlayerEngine, 'subscribe' | 'getSnapshot' | 'adoptQueue' | 'currentPosition'>;

/** Starts syncing; returns the stop. */
export function startQueueSync(engine: Engine, deps: QueueSyncDeps): () => void {
  const { owner, delayMs = QUEUE_SAVE_DELAY_MS, storage = localStorage } = deps;
  let mark = loadSyncMark(owner, storage);
  let ready = false;
  let stopped = false;
  let adopting = false;
  let timer: number | undefined;
  let pending = false;
  let seen = engine.getSnapshot().playback;
  let seenPosition = engine.getSnapshot().position;

  const remember = (next: SyncMark) => {
    mark = next;
    saveSyncMark(mark, owner, storage);
  };
  const current = () => queueForServer(engine.getSnapshot().playback, engine.currentPosition());

  const flush = () => {
    window.clearTimeout(timer);
    timer = undefined;
    if (!ready || stopped || !pending || deps.signedIn?.() === false) return;
    pending = false;
    const queue = current();
    if (!queue) return;
    const changedAt = mark.changedAt;
    deps.saveQueue(queue).then(
      ({ changed }) => {
        // A change made while this save was on its way is still to be saved.
        remember(mark.changedAt === changedAt ? { synced: changed } : { ...mark, synced: changed });
      },
      (err: unknown) => console.error('Could not save the queue on the server', err),
    );
  };

  const schedule = () => {
    pending = true;
    window.clearTimeout(timer);
    timer = window.setTimeout(flush, delayMs);
  };

  const unsubscribe = engine.subscribe(() => {
    const { playback, position } = engine.getSnapshot();
    const before = seen;
    const positionBefore = seenPosition;
    seen = playback;
    seenPosition = position;
    if (adopting) return;
    const edited = playback.tracks !== before.tracks || playback.index !== before.index;
    if (edited) remember({ ...mark, changedAt: Date.now() });
    // A pause, or a seek while paused, keeps the position where the listener left it, for
    // another device to resume.
    const paused = before.playing && !playback.playing;
    const seekedPaused = !playback.playing && position !== positionBefore;
    if (edited || paused || seekedPaused) schedule();
  });

  // Only what this page has not saved yet (or the position of a song still playing) is sent as
  // it goes: an idle tab must not overwrite a queue another device saved meanwhile.
  const onPageHide = () => {
    const { playback } = engine.getSnapshot();
    if (!ready || playback.tracks.length === 0 || !(pending || playback.playing)) return;
    const queue = current();
    if (queue && deps.sendOnExit(queue)) pending = false;
  };
  window.addEventListener('pagehide', onPageHide);
  // A logout sends what is unsaved while the session is still there, as a page going away does.
  window.addEventListener(USER_SESSION_ENDING, onPageHide);

  deps.fetchQueue().then(
    (server) => {
      if (stopped) return;
      const hasLocal = engine.getSnapshot().playback.tracks.length > 0;
      if (server && serverQueueWins(server, hasLocal, mark) && !engine.getSnapshot().playback.playing) {
        adopting = true;
        engine.adoptQueue(server.songs.map(songToTrack), server.current ?? 0, server.position);
        adopting = false;
        seen = engine.getSnapshot().playback;
        remember({ synced: server.changed });
        pending = false;
      } else if (hasLocal && (!server || mark.changedAt !== undefined || server.changed !== mark.synced)) {
        pending = true;
      }
      ready = true;
      flush();
    },
    (err: unknown) => {
      console.error('Could not read the queue kept on the server', err);
      ready = true;
      flush();
    },
  );

  return () => {
    stopped = true;
    window.clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener(USER_SESSION_ENDING, onPageHide);
  };
}

