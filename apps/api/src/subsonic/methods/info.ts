import type { Song } from '@samaa/shared';
import { annotationsOf, notFoundError, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { songChild } from '../entities.js';
import { albumOfSongId, artistIdOf, currentLibrary, type AlbumEntry, type ArtistEntry, type Library } from '../library.js';

/*
 * What apps show beside an artist or album. Samaa keeps no biographies, notes or similarity
 * data, so the info calls answer the documented empty elements (never an error for a known id),
 * "similar songs" are the artist's other songs, and "top songs" the artist's most played.
 */

const MAX_COUNT = 500;

/** The artist of an artist, album or song id (folder-based apps send any of them). */
function artistOf(library: Library, id: string): ArtistEntry | undefined {
  const artist = library.artistById.get(id);
  if (artist) return artist;
  const album = library.albumById.get(id) ?? albumOfSongId(library, id.toLowerCase());
  return album ? library.artistById.get(album.artistId) : undefined;
}

const songsOf = (artist: ArtistEntry): Song[] => artist.albums.flatMap((album) => album.songs);

/** `count` items picked at random, without repeats. */
function shuffled<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(Math.random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

async function artistInfo({ ctx, params }: SubsonicCall, element: 'artistInfo' | 'artistInfo2') {
  const library = await currentLibrary(ctx.catalogue);
  if (!artistOf(library, params.required('id'))) throw notFoundError('Artist');
  return { [element]: {} };
}

async function albumInfo({ ctx, params }: SubsonicCall, element: 'albumInfo') {
  const library = await currentLibrary(ctx.catalogue);
  const id = params.required('id');
  const album: AlbumEntry | undefined = library.albumById.get(id) ?? albumOfSongId(library, id.toLowerCase());
  if (!album) throw notFoundError('Album');
  return { [element]: {} };
}

async function similarSongs({ ctx, params, user }: SubsonicCall, element: 'similarSongs' | 'similarSongs2') {
  const id = params.required('id');
  const count = params.int('count', 50, 0, MAX_COUNT);
  const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
  const artist = artistOf(library, id);
  if (!artist) throw notFoundError('Artist, album or song');
  const others = songsOf(artist).filter((song) => song._id !== id.toLowerCase());
  return { [element]: { song: shuffled(others, count).map((song) => songChild(song, library, notes)) } };
}

export const infoMethods: Record<string, SubsonicMethod> = {
  getArtistInfo: (call) => artistInfo(call, 'artistInfo'),
  getArtistInfo2: (call) => artistInfo(call, 'artistInfo2'),
  getAlbumInfo: (call) => albumInfo(call, 'albumInfo'),
  getAlbumInfo2: (call) => albumInfo(call, 'albumInfo'),
  getSimilarSongs: (call) => similarSongs(call, 'similarSongs'),
  getSimilarSongs2: (call) => similarSongs(call, 'similarSongs2'),

  /** The artist's songs, most played first; an unknown artist has none. */
  getTopSongs: async ({ ctx, params, user }) => {
    const name = params.required('artist');
    const count = params.int('count', 50, 0, MAX_COUNT);
    const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
    const artist = library.artistById.get(artistIdOf(name));
    const plays = (song: Song) => notes.plays.get(song._id)?.plays ?? 0;
    const songs = artist ? [...songsOf(artist)].sort((a, b) => plays(b) - plays(a) || a.name.localeCompare(b.name)).slice(0, count) : [];
    return { topSongs: { song: songs.map((song) => songChild(song, library, notes)) } };
  },
};
