import type { Song } from '@samaa/shared';
import type { CatalogueView } from '../songs/songs.service.js';
import { filedSongs, libraryView } from './library.js';
import { compareIds, insertSorted, removeSorted, sortName, type AlbumEntry } from './libraryEntries.js';

/*
 * The tag genres of the library (getGenres, getSongsByGenre, getAlbumList2 byGenre): a view of
 * the catalogue built from the library once, on first use, then patched with each song write
 * after the library (libraryPatch.ts says which songs left and joined which albums), so a write
 * costs the genres it touches, not the catalogue.
 */

// A type, not an interface: answers are checked against an index signature (response.ts).
export type GenreCount = {
  value: string;
  songCount: number;
  albumCount: number;
};

export interface GenreIndex {
  /** By name. */
  genres: GenreCount[];
  /** By the genre's folded name; newest songs first, by id (ids grow with time). */
  songs: Map<string, Song[]>;
  /** By the genre's folded name: the albums with a song of it, by name. */
  albums: Map<string, AlbumEntry[]>;
  /** By folded name: how many songs carry each spelling ("Folk", "folk"). */
  spellings: Map<string, Map<string, number>>;
  /** By folded name: how many of each album's songs carry the genre. */
  albumSongs: Map<string, Map<AlbumEntry, number>>;
}

/** A song with its album, as the library files it. */
export interface FiledSong {
  song: Song;
  album: AlbumEntry | undefined;
}

export const foldGenre = (genre: string) => genre.trim().toLowerCase();

/** Newest first by id: an id starts with its creation time, and a patch can place a song by it. */
function newestFirst(a: Song, b: Song): number {
  return a._id === b._id ? 0 : a._id > b._id ? -1 : 1;
}

function byAlbumName(a: AlbumEntry, b: AlbumEntry): number {
  return sortName(a.name).localeCompare(sortName(b.name)) || compareIds(a, b);
}

const add = <K>(counts: Map<K, number>, key: K, by: number) => {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
  return n;
};

function fileSong(index: GenreIndex, { song, album }: FiledSong, sorted: boolean): void {
  if (!song.genre?.trim()) return;
  const key = foldGenre(song.genre);
  const spellings = index.spellings.get(key) ?? new Map<string, number>();
  index.spellings.set(key, spellings);
  add(spellings, song.genre.trim(), 1);
  const songs = index.songs.get(key) ?? [];
  index.songs.set(key, songs);
  if (sorted) insertSorted(songs, song, newestFirst);
  else songs.push(song);
  if (!album) return;
  const albumSongs = index.albumSongs.get(key) ?? new Map<AlbumEntry, number>();
  index.albumSongs.set(key, albumSongs);
  if (add(albumSongs, album, 1) > 1) return;
  const albums = index.albums.get(key) ?? [];
  index.albums.set(key, albums);
  if (sorted) insertSorted(albums, album, byAlbumName);
  else albums.push(album);
}

function unfileSong(index: GenreIndex, { song, album }: FiledSong): void {
  if (!song.genre?.trim()) return;
  const key = foldGenre(song.genre);
  const spellings = index.spellings.get(key);
  if (!spellings) return;
  add(spellings, song.genre.trim(), -1);
  // The song leaving is the record the index holds (the library's own, never copied).
  removeSorted(index.songs.get(key)!, song, newestFirst);
  if (album && add(index.albumSongs.get(key)!, album, -1) === 0) removeSorted(index.albums.get(key)!, album, byAlbumName);
  if (spellings.size > 0) return;
  for (const map of [index.spellings, index.songs, index.albums, index.albumSongs]) map.delete(key);
}

/** Each genre named by its most used spelling, capitals first on a tie; by name. */
function countGenres(index: GenreIndex): GenreCount[] {
  const nameOf = (counts: Map<string, number>) =>
    [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))[0]![0];
  return [...index.spellings]
    .map(([key, counts]) => ({ value: nameOf(counts), songCount: index.songs.get(key)!.length, albumCount: index.albums.get(key)?.length ?? 0 }))
    .sort((a, b) => a.value.localeCompare(b.value));
}

/** From the library's songs. */
export function buildGenreIndex(songs: Iterable<FiledSong>): GenreIndex {
  const index: GenreIndex = { genres: [], songs: new Map(), albums: new Map(), spellings: new Map(), albumSongs: new Map() };
  for (const filed of songs) fileSong(index, filed, false);
  for (const list of index.songs.values()) list.sort(newestFirst);
  for (const albums of index.albums.values()) albums.sort(byAlbumName);
  index.genres = countGenres(index);
  return index;
}

/**
 * `index` after one song write, changed in place (the library it belongs to is no longer
 * served): the old versions of the songs written leave, the new ones join.
 */
export function patchGenreIndex(index: GenreIndex, leaving: readonly FiledSong[], joining: readonly FiledSong[]): GenreIndex {
  for (const filed of leaving) unfileSong(index, filed);
  for (const filed of joining) fileSong(index, filed, true);
  return { ...index, genres: countGenres(index) };
}

export const genreIndexView: CatalogueView<GenreIndex> = {
  name: 'genreIndex',
  build: async (snapshot, catalogue) => buildGenreIndex(filedSongs(await catalogue.viewOf(libraryView, snapshot))),
  apply(index, next, _change, _base, catalogue) {
    // The library is applied first: it says which songs left and joined which albums.
    const patch = catalogue.built(libraryView, next)?.patch;
    return patch && patchGenreIndex(index, patch.leaving, patch.joining);
  },
};
