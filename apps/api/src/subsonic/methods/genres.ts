import type { Song } from '@samaa/shared';
import { annotationsOf, playCounts, type SubsonicMethod } from '../call.js';
import { albumId3, songChild } from '../entities.js';
import { currentLibrary, sortName, type AlbumEntry, type Library } from '../library.js';
import { listMethods } from './lists.js';

const MAX_COUNT = 500;

interface GenreIndex {
  genres: { value: string; songCount: number; albumCount: number }[];
  /** By the genre's folded name; newest songs first, as the catalogue has them. */
  songs: Map<string, Song[]>;
  /** By the genre's folded name: the albums with a song of it, by name. */
  albums: Map<string, AlbumEntry[]>;
}

const foldGenre = (genre: string) => genre.trim().toLowerCase();

/** Built once per catalogue version (the library is), never per request. */
const indexes = new WeakMap<Library, GenreIndex>();

export function genreIndex(library: Library): GenreIndex {
  let index = indexes.get(library);
  if (index) return index;
  // Spellings of one genre ("Folk", "folk"): the most used names it, capitals first on a tie.
  const spellings = new Map<string, Map<string, number>>();
  const songs = new Map<string, Song[]>();
  const albums = new Map<string, Set<AlbumEntry>>();
  for (const song of library.songs) {
    if (!song.genre) continue;
    const key = foldGenre(song.genre);
    const spelling = song.genre.trim();
    const counts = spellings.get(key) ?? new Map<string, number>();
    spellings.set(key, counts.set(spelling, (counts.get(spelling) ?? 0) + 1));
    const list = songs.get(key);
    if (list) list.push(song);
    else songs.set(key, [song]);
    const album = library.albumOfSong.get(song._id);
    if (album) albums.set(key, (albums.get(key) ?? new Set()).add(album));
  }
  const nameOf = (counts: Map<string, number>) =>
    [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))[0]![0];
  const genres = [...spellings]
    .map(([key, counts]) => ({ value: nameOf(counts), songCount: songs.get(key)!.length, albumCount: albums.get(key)?.size ?? 0 }))
    .sort((a, b) => a.value.localeCompare(b.value));
  const albumLists = new Map([...albums].map(([key, set]) => [key, [...set].sort((a, b) => sortName(a.name).localeCompare(sortName(b.name)))]));
  index = { genres, songs, albums: albumLists };
  indexes.set(library, index);
  return index;
}

/**
 * `getAlbumList2` with type=byGenre from the genre index; every other type as lists.ts answers
 * it. Registered after the list methods, so this one answers.
 */
const albumList2: SubsonicMethod = async (call) => {
  if (call.params.optional('type') !== 'byGenre') return listMethods.getAlbumList2!(call);
  const genre = foldGenre(call.params.required('genre'));
  const size = call.params.int('size', 10, 1, MAX_COUNT);
  const offset = call.params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const [library, notes] = await Promise.all([currentLibrary(), playCounts()]);
  const albums = (genreIndex(library).albums.get(genre) ?? []).slice(offset, offset + size);
  return { albumList2: { album: albums.map((album) => albumId3(album, notes)) } };
};

export const genreMethods: Record<string, SubsonicMethod> = {
  getAlbumList2: albumList2,

  getGenres: async () => ({ genres: { genre: genreIndex(await currentLibrary()).genres } }),

  getSongsByGenre: async ({ params, user }) => {
    const genre = foldGenre(params.required('genre'));
    const count = params.int('count', 10, 0, MAX_COUNT);
    const offset = params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const [library, notes] = await Promise.all([currentLibrary(), annotationsOf(user)]);
    const songs = (genreIndex(library).songs.get(genre) ?? []).slice(offset, offset + count);
    return { songsByGenre: { song: songs.map((song) => songChild(song, library, notes)) } };
  },
};
