import {
  MESSAGES,
  playlistEntries,
  saavnPlaylistError,
  userPlaylistsError,
  type SaavnSong,
  type Song,
} from '@samaa/shared';
import type { QueryKey } from '@tanstack/react-query';
import { fetchPlaylist } from '../playlists';
import { loadSongQueue, type MoreSongs, type SongQueue } from '../catalogue';
import { errorMessage, mediaUrl } from '../../api/client';
import { fetchSaavnPlaylist, saavnAudio, saavnFailureDetail, saavnImage } from '../saavn';
import { getUserToken } from '../../session/session';
import { fetchSpotifyPlaylistTracks } from '../spotify';
import type { PlayerTrack } from './queue';

/** The navigation state /player accepts: a playlist of ours, JioSaavn's or Spotify's, or a song id. */
export type PlayerSource =
  | { kind: 'song'; songId: string; list?: QueryKey }
  | { kind: 'samma'; id: string }
  | { kind: 'saavn'; id: string }
  | { kind: 'spotify'; id: string; accessToken?: string };

/** Tracks to append to a queue, and how to read the ones after them. */
export interface MoreTracks {
  tracks: PlayerTrack[];
  more?: () => Promise<MoreTracks>;
}

/**
 * A queue to play: the tracks and where to start (-1 when the song was not found). A queue made
 * from a page of a longer list carries `more`, which reads the tracks that follow.
 */
export interface LoadedQueue {
  tracks: PlayerTrack[];
  startIndex: number;
  more?: () => Promise<MoreTracks>;
}

/** Thrown with a message fit for the screen. */
export class SourceError extends Error {}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Reads navigation state; null when it names no source (then /player shows the current queue). */
export function parseSource(state: unknown): PlayerSource | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (nonEmpty(s.songId)) {
    const list = Array.isArray(s.list) && s.list.length > 0 ? (s.list as QueryKey) : undefined;
    return list ? { kind: 'song', songId: s.songId, list } : { kind: 'song', songId: s.songId };
  }
  if (!nonEmpty(s.id)) return null;
  if (s.source === 'samma') return { kind: 'samma', id: s.id };
  if (s.source === 'saavn') return { kind: 'saavn', id: s.id };
  if (s.source === 'spotify') {
    return {
      kind: 'spotify',
      id: s.id,
      accessToken: nonEmpty(s.accessToken) ? s.accessToken : undefined,
    };
  }
  return null;
}

/** What the engine needs of a song for gapless joins and normalisation, copied where present. */
const PLAYBACK_FIELDS = [
  'encoderDelay',
  'encoderPadding',
  'sampleRate',
  'replayGainTrackGain',
  'replayGainTrackPeak',
] as const satisfies (keyof Song & keyof PlayerTrack)[];

export function songToTrack(song: Song): PlayerTrack {
  const src = mediaUrl(song.song);
  const track: PlayerTrack = {
    id: song._id,
    name: song.name,
    artist: song.artist,
    img: mediaUrl(song.img),
    src,
    unavailable: src ? undefined : true,
  };
  for (const field of PLAYBACK_FIELDS) {
    if (typeof song[field] === 'number') track[field] = song[field];
  }
  return track;
}

/** JioSaavn's third image size (500x500) and fifth download entry (320 kbps). */
export function saavnSongToTrack(song: SaavnSong, position: number): PlayerTrack {
  const src = saavnAudio(song.downloadUrl);
  return {
    id: song.id ?? `saavn-${position}`,
    name: song.name,
    artist: (song.artists?.primary ?? []).map((a) => a.name).join(', '),
    img: saavnImage(song.image),
    src,
    unavailable: src ? undefined : true,
  };
}

/** Own songs from a populated playlist (ids left unpopulated are dropped). */
function populatedSongs(songs: unknown): Song[] {
  if (!Array.isArray(songs)) return [];
  return songs.filter(
    (s): s is Song => !!s && typeof s === 'object' && typeof (s as Song)._id === 'string',
  );
}

/** A catalogue reader of later songs, as the engine's reader of later tracks. */
export function moreTracks(more: (() => Promise<MoreSongs>) | undefined): LoadedQueue['more'] {
  if (!more) return undefined;
  return async () => {
    const next = await more();
    return { tracks: next.songs.map(songToTrack), more: moreTracks(next.more) };
  };
}

/** The page of the list the song was played from, never the whole catalogue. */
async function loadSongAt(
  songId: string,
  list: QueryKey | undefined,
  songQueue: typeof loadSongQueue,
): Promise<LoadedQueue> {
  let queue: SongQueue;
  try {
    queue = await songQueue(songId, list);
  } catch (err) {
    throw new SourceError(errorMessage(err, MESSAGES.songsLoadFailed));
  }
  return { tracks: queue.songs.map(songToTrack), startIndex: queue.startIndex, more: moreTracks(queue.more) };
}

async function loadSammaPlaylist(id: string): Promise<LoadedQueue> {
  if (!getUserToken()) {
    // A missing token in the player is only logged.
    console.error(MESSAGES.userNotAuthenticated);
    return { tracks: [], startIndex: -1 };
  }
  try {
    const playlist = await fetchPlaylist(id);
    // An imported playlist may hold JioSaavn songs too, each kept at its place with what plays it.
    const entries = playlistEntries({ songs: populatedSongs(playlist?.songs), saavnTracks: playlist?.saavnTracks });
    const tracks = entries.map((entry) =>
      entry.kind === 'song'
        ? songToTrack(entry.song)
        : { id: `saavn-${entry.track.saavnId}`, name: entry.track.name, artist: entry.track.artist, img: entry.track.img, src: entry.track.src },
    );
    return { tracks, startIndex: 0 };
  } catch (err) {
    throw new SourceError(userPlaylistsError(errorMessage(err, MESSAGES.userPlaylistsFailed)));
  }
}

async function loadSaavnPlaylist(id: string): Promise<LoadedQueue> {
  try {
    const playlist = await fetchSaavnPlaylist(id);
    if (!Array.isArray(playlist?.songs)) throw new SourceError(MESSAGES.saavnPlaylistFailed);
    return { tracks: playlist.songs.map(saavnSongToTrack), startIndex: 0 };
  } catch (err) {
    if (err instanceof SourceError) throw err;
    const detail = saavnFailureDetail(err);
    throw new SourceError(detail ? saavnPlaylistError(detail) : MESSAGES.saavnPlaylistFailed);
  }
}

async function loadSpotifyPlaylist(id: string, accessToken?: string): Promise<LoadedQueue> {
  try {
    return { tracks: await fetchSpotifyPlaylistTracks(id, accessToken), startIndex: 0 };
  } catch (err) {
    throw new SourceError(
      err instanceof Error && err.message ? err.message : MESSAGES.spotifyPlaylistsFailed,
    );
  }
}

/**
 * Loads the queue a source names. Throws SourceError with the screen's message on failure.
 * A {songId} source reads the shared cache of song pages, so the page the listener played from
 * is not fetched again.
 */
export function loadSource(
  source: PlayerSource,
  songQueue: typeof loadSongQueue = loadSongQueue,
): Promise<LoadedQueue> {
  switch (source.kind) {
    case 'song':
      return loadSongAt(source.songId, source.list, songQueue);
    case 'samma':
      return loadSammaPlaylist(source.id);
    case 'saavn':
      return loadSaavnPlaylist(source.id);
    case 'spotify':
      return loadSpotifyPlaylist(source.id, source.accessToken);
  }
}
