import { annotationsOf, type SubsonicMethod } from '../call.js';
import { albumId3, songChild, type Annotations } from '../entities.js';
import { currentLibrary, sortName, type AlbumEntry } from '../library.js';
import type { SubsonicParams } from '../params.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../response.js';

const MAX_LIST = 500;

/** `count` items picked at random, without repeats. */
function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(Math.random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

const latest = (album: AlbumEntry, byId: Map<string, Date>) =>
  Math.max(0, ...album.songs.map((song) => byId.get(song._id)?.getTime() ?? 0));
const plays = (album: AlbumEntry, notes: Annotations) =>
  album.songs.reduce((sum, song) => sum + (notes.plays.get(song._id)?.plays ?? 0), 0);
const lastPlayed = (album: AlbumEntry, notes: Annotations) =>
  Math.max(0, ...album.songs.map((song) => notes.plays.get(song._id)?.lastPlayed.getTime() ?? 0));

function yearRange(params: SubsonicParams): { from: number; to: number } {
  return { from: params.int('fromYear', 0, 0, 9999), to: params.int('toYear', 9999, 0, 9999) };
}

function albumList(type: string, albums: AlbumEntry[], notes: Annotations, params: SubsonicParams): AlbumEntry[] {
  const byName = (a: AlbumEntry, b: AlbumEntry) => sortName(a.name).localeCompare(sortName(b.name));
  switch (type) {
    case 'newest':
      return [...albums].sort((a, b) => b.created.getTime() - a.created.getTime());
    case 'random':
      return sample(albums, albums.length);
    case 'alphabeticalByName':
      return [...albums].sort(byName);
    case 'alphabeticalByArtist':
      return [...albums].sort((a, b) => sortName(a.artist).localeCompare(sortName(b.artist)) || byName(a, b));
    case 'starred':
      return albums.filter((album) => latest(album, notes.starred) > 0).sort((a, b) => latest(b, notes.starred) - latest(a, notes.starred));
    case 'frequent':
      return albums.filter((album) => plays(album, notes) > 0).sort((a, b) => plays(b, notes) - plays(a, notes));
    case 'recent':
      return albums.filter((album) => lastPlayed(album, notes) > 0).sort((a, b) => lastPlayed(b, notes) - lastPlayed(a, notes));
    case 'byYear': {
      const { from, to } = yearRange(params);
      const [low, high] = from <= to ? [from, to] : [to, from];
      const inRange = albums.filter((album) => album.year !== undefined && album.year >= low && album.year <= high);
      return inRange.sort((a, b) => (from <= to ? a.year! - b.year! : b.year! - a.year!));
    }
    case 'byGenre':
      params.required('genre');
      return [];
    default:
      throw new SubsonicError(SUBSONIC_ERRORS.generic, `Unknown album list type: ${type}`);
  }
}

export const listMethods: Record<string, SubsonicMethod> = {
  getAlbumList2: async ({ params, user }) => {
    const type = params.required('type');
    const size = params.int('size', 10, 1, MAX_LIST);
    const offset = params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const [library, notes] = await Promise.all([currentLibrary(), annotationsOf(user)]);
    const albums = albumList(type, library.albums, notes, params).slice(offset, offset + size);
    return { albumList2: { album: albums.map((album) => albumId3(album, notes)) } };
  },

  getRandomSongs: async ({ params, user }) => {
    const size = params.int('size', 10, 1, MAX_LIST);
    const { from, to } = yearRange(params);
    const yearFiltered = params.optional('fromYear') !== undefined || params.optional('toYear') !== undefined;
    const [library, notes] = await Promise.all([currentLibrary(), annotationsOf(user)]);
    const pool = yearFiltered ? library.songs.filter((song) => song.year !== undefined && song.year >= from && song.year <= to) : library.songs;
    return { randomSongs: { song: sample(pool, size).map((song) => songChild(song, library, notes)) } };
  },

  /** Samaa's likes are per song: starred albums and artists are always empty. */
  getStarred2: async ({ user }) => {
    const [library, notes] = await Promise.all([currentLibrary(), annotationsOf(user)]);
    const songs = [...notes.starred.keys()].flatMap((id) => {
      const song = library.songById.get(id);
      return song ? [songChild(song, library, notes)] : [];
    });
    return { starred2: { artist: [], album: [], song: songs } };
  },
};
