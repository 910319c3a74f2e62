import type { ImportInput, PlayerTrack } from '@samaa/shared';
import { SPOTIFY_MESSAGES, type CardViewModel, type SpotifyPlaylist } from '@samaa/shared';
import { readTokens, refreshSpotifyToken, spotifyAccessToken } from './auth';
import { SpotifyError } from './errors';
import { resolveOnSaavn } from './api';
import { spotifyGetAll, type TokenSource } from './webApi';

/** A track as the player queues it. */
export type SpotifyPlayerTrack = PlayerTrack;

/** The fields of a Spotify track object we read. */
interface SpotifyTrack {
  id?: string | null;
  uri?: string;
  type?: string;
  name?: string;
  preview_url?: string | null;
  artists?: { name?: string }[];
  album?: { name?: string; images?: { url?: string }[] | null };
  duration_ms?: number;
  external_ids?: { isrc?: string } | null;
}

/** A playlist entry: `item` since February 2026 (/items), `track` before (/tracks). */
interface PlaylistEntry {
  item?: SpotifyTrack | null;
  track?: SpotifyTrack | null;
}

const MAX_PLAYLISTS = 200;
const MAX_TRACKS = 500;
/** JioSaavn look-ups in flight at once (our API caches them; the public instance rate-limits). */
const RESOLVE_CONCURRENCY = 4;

const sessionTokens: TokenSource = { token: spotifyAccessToken, refresh: refreshSpotifyToken };

/** A token handed over in navigation state; refreshable only when it is this tab's session. */
function tokensFor(accessToken?: string): TokenSource {
  if (!accessToken || accessToken === readTokens()?.accessToken) return sessionTokens;
  return { token: async () => accessToken, refresh: async () => null };
}

/** The card view model (CardViewModel), from either shape of /v1/me/playlists. */
export function toCard(playlist: SpotifyPlaylist): CardViewModel {
  return {
    id: playlist.id,
    name: playlist.name,
    images: (playlist.images ?? []).filter((i) => i?.url).map((i) => ({ url: i.url })),
    tracks: { total: playlist.items?.total ?? playlist.tracks?.total ?? 0 },
  };
}

/** The signed-in user's playlists as cards. Throws SpotifyError with a message to show. */
export async function fetchSpotifyPlaylists(): Promise<CardViewModel[]> {
  const playlists = await spotifyGetAll<SpotifyPlaylist>(
    '/v1/me/playlists?limit=50',
    sessionTokens,
    MAX_PLAYLISTS,
  );
  return playlists.filter((p) => p?.id).map(toCard);
}

/** The entries of a playlist: /items first, /tracks when /items answers 403 or 404. */
async function playlistEntries(id: string, tokens: TokenSource): Promise<PlaylistEntry[]> {
  try {
    return await spotifyGetAll<PlaylistEntry>(
      `/v1/playlists/${id}/items?limit=50`,
      tokens,
      MAX_TRACKS,
    );
  } catch (err) {
    if (!(err instanceof SpotifyError) || (err.status !== 403 && err.status !== 404)) throw err;
    return spotifyGetAll<PlaylistEntry>(`/v1/playlists/${id}/tracks?limit=100`, tokens, MAX_TRACKS);
  }
}

async function toPlayerTrack(track: SpotifyTrack, index: number): Promise<SpotifyPlayerTrack> {
  const name = track.name ?? '';
  const artists = (track.artists ?? []).map((a) => a.name ?? '').filter(Boolean);
  const base = {
    id: track.id ?? track.uri ?? `spotify-entry-${index}`,
    name,
    artist: artists.join(', '),
    img: track.album?.images?.find((i) => i?.url)?.url ?? '',
  };
  if (track.preview_url) return { ...base, src: track.preview_url };
  const match = await resolveOnSaavn(name, artists[0]).catch((err: unknown) => {
    console.error('JioSaavn resolution failed', err);
    return null;
  });
  if (match) return { ...base, img: base.img || match.img, src: match.src };
  return { ...base, src: '', unavailable: true };
}

/** Maps with at most `limit` calls running, keeping the order. */
async function mapLimited<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * A playlist's tracks for the player: each plays its preview_url when Spotify gives one, else the
 * JioSaavn song our API resolves by title and first artist, else it is marked unavailable.
 */
export async function fetchSpotifyPlaylistTracks(
  id: string,
  accessToken?: string,
): Promise<SpotifyPlayerTrack[]> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) throw new SpotifyError(SPOTIFY_MESSAGES.invalidPlaylist);
  const entries = await playlistEntries(id, tokensFor(accessToken));
  const tracks = entries
    .map((entry) => entry.item ?? entry.track)
    .filter((t): t is SpotifyTrack =>
      Boolean(t && t.name && (t.type === undefined || t.type === 'track')),
    );
  return mapLimited(tracks, RESOLVE_CONCURRENCY, toPlayerTrack);
}

/** A playlist's tracks as an import reads them: title, artists, album, duration and ISRC. */
export async function fetchSpotifyImportTracks(id: string): Promise<ImportInput[]> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) throw new SpotifyError(SPOTIFY_MESSAGES.invalidPlaylist);
  const entries = await playlistEntries(id, sessionTokens);
  return entries
    .map((entry) => entry.item ?? entry.track)
    .filter((t): t is SpotifyTrack => Boolean(t && t.name && (t.type === undefined || t.type === 'track')))
    .map((t) => {
      const input: ImportInput = { title: t.name!, artists: (t.artists ?? []).flatMap((a) => (a.name ? [a.name] : [])) };
      if (t.album?.name) input.album = t.album.name;
      if (typeof t.duration_ms === 'number') input.durationMs = Math.round(t.duration_ms);
      if (t.external_ids?.isrc) input.isrc = t.external_ids.isrc;
      return input;
    });
}
