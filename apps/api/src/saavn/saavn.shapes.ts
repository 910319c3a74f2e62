import type { SaavnImage, SaavnPlaylist, SaavnSong } from '@samaa/shared';

/**
 * Picks from JioSaavn's answers only the fields the web reads (apps/web/src/api/saavn.ts and the
 * shared SaavnPlaylist/SaavnSong types), tolerating missing or oddly typed fields.
 */

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function links(v: unknown): SaavnImage[] {
  return list(v)
    .filter(isObject)
    .map((l) => ({ quality: str(l.quality), url: str(l.url ?? l.link) }))
    .filter((l) => l.url);
}

function count(v: unknown): number {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}

export function toSong(raw: unknown): SaavnSong | null {
  if (!isObject(raw) || !str(raw.name)) return null;
  const artists = isObject(raw.artists) ? raw.artists : {};
  return {
    id: str(raw.id),
    name: str(raw.name),
    image: links(raw.image),
    downloadUrl: links(raw.downloadUrl),
    artists: { primary: list(artists.primary).filter(isObject).map((a) => ({ name: str(a.name) })) },
  };
}

export function toPlaylistSummary(raw: unknown): SaavnPlaylist | null {
  if (!isObject(raw) || !str(raw.id)) return null;
  return { id: str(raw.id), name: str(raw.name), image: links(raw.image), songCount: count(raw.songCount) };
}

export function toPlaylist(raw: unknown): SaavnPlaylist | null {
  const summary = toPlaylistSummary(raw);
  if (!summary || !isObject(raw)) return null;
  const songs = list(raw.songs).map(toSong).filter((s): s is SaavnSong => s !== null);
  return { ...summary, songCount: summary.songCount || songs.length, songs };
}

/** `{ success, data: { results } }` → the results, mapped; null when the answer says it failed. */
export function searchResults<T>(body: unknown, map: (raw: unknown) => T | null): T[] | null {
  if (!isObject(body) || body.success !== true || !isObject(body.data)) return null;
  return list(body.data.results).map(map).filter((x): x is T => x !== null);
}

/** `{ success, data }` → the playlist; null when the answer says it failed. */
export function playlistOf(body: unknown): SaavnPlaylist | null {
  if (!isObject(body) || body.success !== true) return null;
  return toPlaylist(body.data);
}
