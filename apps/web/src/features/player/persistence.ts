import { emptyPlayback, type PlaybackState, type PlayerTrack } from './queue';

/** What survives a reload: the queue, the index, the position, shuffle/repeat, volume and mute. */

export const PLAYER_STORAGE_KEYS = {
  session: 'samaa.player.session',
  /** Kept apart from the queue so the 1 s progress tick doesn't rewrite the whole queue. */
  position: 'samaa.player.position',
  volume: 'samaa.player.volume',
  /** Where this browser's queue stands against the one kept on the server (queueSync.ts). */
  sync: 'samaa.player.sync',
} as const;

export interface SavedSession {
  state: PlaybackState;
  position: number;
}

export interface SavedVolume {
  volume: number;
  muted: boolean;
}

function isTrack(value: unknown): value is PlayerTrack {
  const t = value as PlayerTrack;
  return (
    !!t &&
    typeof t === 'object' &&
    typeof t.id === 'string' &&
    typeof t.name === 'string' &&
    typeof t.artist === 'string' &&
    typeof t.img === 'string' &&
    typeof t.src === 'string'
  );
}

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (err) {
    // Quota exceeded or storage disabled: playback works, it just won't survive a reload.
    console.error('Could not save the player state', err);
  }
}

/** `owner` is the signed-in user's id: another listener on the same browser never gets this queue. */
export function saveQueue(
  state: PlaybackState,
  owner: string | null,
  storage: Storage = localStorage,
): void {
  if (state.tracks.length === 0) {
    storage.removeItem(PLAYER_STORAGE_KEYS.session);
    storage.removeItem(PLAYER_STORAGE_KEYS.position);
    return;
  }
  const { tracks, index, shuffle, repeat, order } = state;
  writeJson(storage, PLAYER_STORAGE_KEYS.session, { owner, tracks, index, shuffle, repeat, order });
}

export function savePosition(seconds: number, storage: Storage = localStorage): void {
  writeJson(storage, PLAYER_STORAGE_KEYS.position, Math.round(seconds * 10) / 10);
}

/** The saved queue, always paused (a reload never starts audio on its own); null when none or corrupt. */
export function loadSession(
  owner: string | null,
  storage: Storage = localStorage,
): SavedSession | null {
  const saved = readJson(storage, PLAYER_STORAGE_KEYS.session) as Record<string, unknown> | null;
  if (!saved || typeof saved !== 'object' || saved.owner !== owner) return null;
  const { tracks, index, shuffle, repeat, order } = saved;
  const position = readJson(storage, PLAYER_STORAGE_KEYS.position);
  if (!Array.isArray(tracks) || tracks.length === 0 || !tracks.every(isTrack)) return null;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= tracks.length)
    return null;
  const validOrder =
    Array.isArray(order) &&
    order.length === tracks.length &&
    order.every((i) => Number.isInteger(i) && i >= 0 && i < tracks.length);
  return {
    state: {
      ...emptyPlayback,
      tracks,
      index,
      shuffle: shuffle === true && validOrder,
      repeat: repeat === true,
      order: shuffle === true && validOrder ? (order as number[]) : [],
      startCount: 1,
    },
    position:
      typeof position === 'number' && Number.isFinite(position) && position > 0 ? position : 0,
  };
}

export function saveVolume(volume: SavedVolume, storage: Storage = localStorage): void {
  writeJson(storage, PLAYER_STORAGE_KEYS.volume, volume);
}

export function loadVolume(storage: Storage = localStorage): SavedVolume {
  const saved = readJson(storage, PLAYER_STORAGE_KEYS.volume) as Partial<SavedVolume> | null;
  const volume =
    typeof saved?.volume === 'number' && saved.volume >= 0 && saved.volume <= 1 ? saved.volume : 1;
  return { volume, muted: saved?.muted === true };
}

/**
 * This browser's queue against the server's: `synced` is the server's `changed` of the last save
 * or read it made here, `changedAt` the time of a local change not saved since.
 */
export interface SyncMark {
  synced?: string;
  changedAt?: number;
}

export function saveSyncMark(mark: SyncMark, owner: string | null, storage: Storage = localStorage): void {
  writeJson(storage, PLAYER_STORAGE_KEYS.sync, { owner, ...mark });
}

/** The mark of this listener (another's counts as none). */
export function loadSyncMark(owner: string | null, storage: Storage = localStorage): SyncMark {
  const saved = readJson(storage, PLAYER_STORAGE_KEYS.sync) as Record<string, unknown> | null;
  if (!saved || typeof saved !== 'object' || saved.owner !== owner) return {};
  const mark: SyncMark = {};
  if (typeof saved.synced === 'string') mark.synced = saved.synced;
  if (typeof saved.changedAt === 'number' && Number.isFinite(saved.changedAt)) mark.changedAt = saved.changedAt;
  return mark;
}
