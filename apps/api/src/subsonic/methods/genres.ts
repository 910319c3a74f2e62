import type { Song } from '@samaa/shared';
import { annotationsOf, type SubsonicMethod } from '../call.js';
import { songChild } from '../entities.js';
import { currentLibrary, type Library } from '../library.js';

const MAX_COUNT = 500;

interface GenreIndex {
  genres: { value: string; songCount: number; albumCount: number }[];
  /** By the genre's folded name; newest songs first, as the catalogue has them. */
  songs: Map<string, Song[]>;
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
  const albums = new Map<string, Set<string>>();
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
    if (album) albums.set(key, (albums.get(key) ?? new Set()).add(album.id));
  }
  const nameOf = (counts: Map<string, number>) =>
    [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))[0]![0];
  const genres = [...spellings]
    .map(([key, counts]) => ({ value: nameOf(counts), songCount: songs.get(key)!.length, albumCount: albums.get(key)?.size ?? 0 }))
    .sort((a, b) => a.value.localeCompare(b.value));
  index = { genres, songs };
  indexes.set(library, index);
  return index;
}

export const genreMethods: Record<string, SubsonicMethod> = {
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
