import type { Song } from '@samaa/shared';
import type { Catalogue, CatalogueChange, CatalogueView, SongListSnapshot } from '../songs/songs.service.js';
import { nextTurn } from '../eventLoop.js';
import { foldTerm } from '../search/textIndex.js';
import { CatalogueIndex } from '../search/catalogueIndex.js';
import type { FiledSong } from './genreIndex.js';
import { songPlaces } from '../songs/songTable.js';
import { sortEveryOrder } from './albumOrders.js';
import { decodeLibrary, encodeLibrary } from './libraryBytes.js';
import { patchLibrary, type LibraryPatch } from './libraryPatch.js';
import {
  ALBUM_FIELDS,
  ARTIST_FIELDS,
  albumOf,
  artistsInOrder,
  attachSong,
  createdMsOf,
  newIdCache,
  settleAlbum,
  settleArtist,
  sortName,
  type AlbumEntry,
  type ArtistEntry,
  type LibraryMaps,
} from './libraryEntries.js';
import type { SongsById } from '../songs/songsById.js';

export { albumCreated, albumIdOfSong, albumOf, albumOfSongId, artistIdOf, createdOf, IGNORED_ARTICLES, SINGLES, sortName, type AlbumEntry, type ArtistEntry } from './libraryEntries.js';

/*
 * Subsonic clients browse artists → albums → songs. Samaa's catalogue is a list of songs, so
 * the artists and albums are derived from it: a view of the catalogue (`libraryView`), built once,
 * then patched with each song write of this process (libraryPatch.ts), as the snapshot is. Their ids are hashes of their
 * names: stable across restarts and processes, with nothing stored.
 */

export interface Library extends LibraryMaps {
  /** By sort name. */
  artists: ArtistEntry[];
  /** In the order they were first filed (whole-library search pages through it). */
  albums: AlbumEntry[];
  /** Newest first, as the catalogue has them. */
  songs: Song[];
  songById: SongsById;
  /** Artists by name, albums by name and artist: the same word index as the songs' (catalogueIndex.ts). */
  artistIndex: CatalogueIndex<ArtistEntry>;
  albumIndex: CatalogueIndex<AlbumEntry>;
  lastModified: number;
  /** The albums in one of the list orders, sorted once and then patched (albumOrders.ts). */
  orders: Map<string, AlbumEntry[]>;
  /** Answers that depend on the artists only (the artist index), made once until they change. */
  answers: Map<string, unknown>;
  /** What the write that made this library out of the previous one touched (the genre index follows it). */
  patch?: LibraryPatch;
}

/** The library's songs with their albums. */
export function* filedSongs(library: Library): Generator<FiledSong> {
  for (const song of library.songs) yield { song, album: albumOf(library, song) };
}

/** `make()`'s value, kept on the library under `key` (dropped when a write changes the artists). */
export function memoised<T>(library: Library, key: string, make: () => T): T {
  if (!library.answers.has(key)) library.answers.set(key, make());
  return library.answers.get(key) as T;
}

/** Songs, and albums settled, between two yields to the event loop while a library is built. */
const SONGS_PER_SLICE = 5000;
const ALBUMS_PER_SLICE = 2000;

/**
 * Derives artists and albums from the catalogue. Built in slices that let requests in between
 * (at 100,000 songs a build takes seconds), with every id computed once per name rather than
 * once per song.
 */
export async function buildLibrary(snapshot: SongListSnapshot, songById: SongsById): Promise<Library> {
  const maps: LibraryMaps = { albumById: new Map(), artistById: new Map(), ids: newIdCache() };
  let lastModified = 0;
  let i = 0;
  for (const song of snapshot.songs) {
    if (++i % SONGS_PER_SLICE === 0) await nextTurn();
    attachSong(maps, song);
    const created = createdMsOf(song._id);
    if (created > lastModified) lastModified = created;
  }
  await nextTurn();
  const albums = [...maps.albumById.values()];
  for (let at = 0; at < albums.length; at += 1) {
    if (at % ALBUMS_PER_SLICE === 0) await nextTurn();
    settleAlbum(albums[at]!);
  }
  await nextTurn();
  const artists = artistsInOrder(maps.artistById.values());
  for (const artist of artists) settleArtist(artist);
  await nextTurn();
  const artistIndex = new CatalogueIndex<ArtistEntry>(ARTIST_FIELDS);
  for (let from = 0; from < artists.length; from += SONGS_PER_SLICE) {
    artistIndex.addAll(artists, from, Math.min(artists.length, from + SONGS_PER_SLICE));
    await nextTurn();
  }
  artistIndex.finish();
  artistIndex.compact();
  const albumIndex = new CatalogueIndex<AlbumEntry>(ALBUM_FIELDS);
  for (let from = 0; from < albums.length; from += SONGS_PER_SLICE) {
    albumIndex.addAll(albums, from, Math.min(albums.length, from + SONGS_PER_SLICE));
    await nextTurn();
  }
  albumIndex.finish();
  albumIndex.compact();
  return {
    ...maps,
    artists,
    albums,
    songs: snapshot.songs,
    songById,
    artistIndex,
    albumIndex,
    lastModified,
    orders: new Map(),
    answers: new Map(),
  };
}

/**
 * The Subsonic library as a view of the catalogue: built in slices the first time it is needed (or
 * warmed after a start); a song write of this process moves it to the new snapshot with the same
 * change, touching only the albums and artists of the songs written. A library still being built
 * is left: the new snapshot builds its own.
 */
export const libraryView: CatalogueView<Library> = {
  name: 'library',
  warm: true,
  build: (snapshot, catalogue) => buildLibrary(snapshot, catalogue.songsByIdOf(snapshot)),
  apply: (library, next, change, _base, catalogue) => patchLibrary(library, next.songs, catalogue.songsByIdOf(next), change),
  // Kept in the snapshot file: after a restart the first album page finds it (and its orders) made.
  keep: {
    encode: (library, { songs }) => {
      sortEveryOrder(library);
      return encodeLibrary(library, songPlaces(songs));
    },
    // In slices once the server listens: a large library's restore would otherwise delay listening.
    restore: (bytes, snapshot, catalogue) => decodeLibrary(bytes, snapshot.songs, catalogue.songsByIdOf(snapshot)),
  },
};

/** The library of the current catalogue; requests while it is built share one build. */
export function currentLibrary(catalogue: Catalogue): Promise<Library> {
  return catalogue.view(libraryView);
}

export type { CatalogueChange };

/** The index letter an artist is filed under: A–Z, or '#'. */
export function indexLetter(name: string): string {
  const first = foldTerm(sortName(name)).charAt(0).toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : '#';
}
