import { createHash } from 'node:crypto';
import type { Song } from '@samaa/shared';
import { songListSnapshot, songsByIdOf, type SongListSnapshot } from '../songs/songs.service.js';
import { foldTerm } from '../search/textIndex.js';
import { CatalogueIndex } from '../search/catalogueIndex.js';

/*
 * Subsonic clients browse artists → albums → songs. Samaa's catalogue is a list of songs, so
 * the artists and albums are derived from it, once per catalogue snapshot. Their ids are hashes
 * of their names: stable across restarts and processes, with nothing stored.
 */

export interface AlbumEntry {
  id: string;
  name: string;
  artist: string;
  artistId: string;
  /** Disc, then track, then title order. */
  songs: Song[];
  duration: number;
  year?: number;
  coverSongId?: string;
  created: Date;
}

export interface ArtistEntry {
  id: string;
  name: string;
  albums: AlbumEntry[];
  coverSongId?: string;
}

export interface Library {
  /** By sort name. */
  artists: ArtistEntry[];
  albums: AlbumEntry[];
  artistById: Map<string, ArtistEntry>;
  albumById: Map<string, AlbumEntry>;
  albumOfSong: Map<string, AlbumEntry>;
  /** Newest first, as the catalogue has them. */
  songs: Song[];
  songById: Map<string, Song>;
  /** Artists by name, albums by name and artist: the same word index as the songs' (catalogueIndex.ts). */
  artistIndex: CatalogueIndex<ArtistEntry>;
  albumIndex: CatalogueIndex<AlbumEntry>;
  lastModified: number;
  /** The albums in one of the list orders, sorted once per library (albumOrders.ts). */
  orders: Map<string, readonly AlbumEntry[]>;
  /** Answers that depend on the library only (the artist index), made once per library. */
  answers: Map<string, unknown>;
}

/** `make()`'s value, kept on the library under `key` (dropped with it when the catalogue changes). */
export function memoised<T>(library: Library, key: string, make: () => T): T {
  if (!library.answers.has(key)) library.answers.set(key, make());
  return library.answers.get(key) as T;
}

/** The album of songs that have none. */
export const SINGLES = 'Singles';
export const IGNORED_ARTICLES = ['The', 'A', 'An', 'El', 'La', 'Le', 'Les', 'Los', 'Las'];

const nameKey = (name: string) => foldTerm(name.normalize('NFKC').trim().replace(/\s+/g, ' '));
const hashId = (prefix: string, key: string) => `${prefix}${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;

export const artistIdOf = (name: string) => hashId('ar-', nameKey(name));
const albumIdOf = (artist: string, album: string | undefined) =>
  hashId('al-', `${nameKey(artist)}\0${album === undefined ? '\u0001' : nameKey(album)}`);

/** The creation time an ObjectId carries. */
export const createdOf = (id: string) => new Date(parseInt(id.slice(0, 8), 16) * 1000 || 0);

/** "The Beatles" sorts as "Beatles". */
export function sortName(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length > 1 && IGNORED_ARTICLES.some((a) => a.toLowerCase() === words[0]!.toLowerCase())) {
    return words.slice(1).join(' ');
  }
  return name.trim();
}

const collator = new Intl.Collator();
const baseCollator = new Intl.Collator(undefined, { sensitivity: 'base' });

const byTrack = (a: Song, b: Song) =>
  (a.discNumber ?? 1) - (b.discNumber ?? 1) ||
  (a.trackNumber ?? Number.MAX_SAFE_INTEGER) - (b.trackNumber ?? Number.MAX_SAFE_INTEGER) ||
  collator.compare(a.name, b.name);

/** Songs grouped between two yields to the event loop while a library is built. */
const SONGS_PER_SLICE = 5000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Derives artists and albums from the catalogue. Built in slices that let requests in between
 * (at 100,000 songs a build takes seconds), with every sort key and id computed once per name
 * rather than in every comparison.
 */
async function build(snapshot: SongListSnapshot): Promise<Library> {
  const albumById = new Map<string, AlbumEntry>();
  const artistById = new Map<string, ArtistEntry>();
  const albumOfSong = new Map<string, AlbumEntry>();
  const artistIds = new Map<string, string>();
  const albumIds = new Map<string, string>();
  const createdAt = new Map<AlbumEntry, number>();
  let lastModified = 0;
  let i = 0;
  for (const song of snapshot.songs) {
    if (++i % SONGS_PER_SLICE === 0) await nextTurn();
    const artistName = song.albumArtist || song.artist;
    let artistId = artistIds.get(artistName);
    if (artistId === undefined) artistIds.set(artistName, (artistId = artistIdOf(artistName)));
    const albumKey = `${artistName}\0${song.album || '\u0001'}`;
    let albumId = albumIds.get(albumKey);
    if (albumId === undefined) albumIds.set(albumKey, (albumId = albumIdOf(artistName, song.album || undefined)));
    const created = parseInt(song._id.slice(0, 8), 16) * 1000 || 0;
    if (created > lastModified) lastModified = created;
    let album = albumById.get(albumId);
    if (!album) {
      album = { id: albumId, name: song.album || SINGLES, artist: artistName, artistId, songs: [], duration: 0, created: new Date(0) };
      albumById.set(albumId, album);
      createdAt.set(album, created);
      let artist = artistById.get(artistId);
      if (!artist) {
        artist = { id: artistId, name: artistName, albums: [] };
        artistById.set(artistId, artist);
      }
      artist.albums.push(album);
    } else if (created < createdAt.get(album)!) createdAt.set(album, created);
    album.songs.push(song);
    album.duration += song.duration ?? 0;
    album.year ??= song.year;
    albumOfSong.set(song._id, album);
  }
  await nextTurn();
  for (const album of albumById.values()) {
    album.created = new Date(createdAt.get(album)!);
    album.songs.sort(byTrack);
    album.coverSongId = album.songs.find((song) => song.img)?._id;
  }
  await nextTurn();
  const artists = [...artistById.values()]
    .map((artist) => ({ artist, key: sortName(artist.name) }))
    .sort((a, b) => baseCollator.compare(a.key, b.key))
    .map(({ artist }) => artist);
  for (const artist of artists) {
    artist.albums.sort((a, b) => (a.year ?? 0) - (b.year ?? 0) || collator.compare(a.name, b.name));
    artist.coverSongId = artist.albums.find((album) => album.coverSongId)?.coverSongId;
  }
  await nextTurn();
  const albums = [...albumById.values()];
  const artistIndex = new CatalogueIndex<ArtistEntry>({ id: (artist) => artist.id, texts: (artist) => [artist.name, undefined, undefined] });
  for (let from = 0; from < artists.length; from += SONGS_PER_SLICE) {
    artistIndex.addAll(artists, from, Math.min(artists.length, from + SONGS_PER_SLICE));
    await nextTurn();
  }
  artistIndex.finish();
  artistIndex.compact();
  const albumIndex = new CatalogueIndex<AlbumEntry>({ id: (album) => album.id, texts: (album) => [album.name, album.artist, undefined] });
  for (let from = 0; from < albums.length; from += SONGS_PER_SLICE) {
    albumIndex.addAll(albums, from, Math.min(albums.length, from + SONGS_PER_SLICE));
    await nextTurn();
  }
  albumIndex.finish();
  albumIndex.compact();
  return {
    artists,
    albums,
    artistById,
    albumById,
    albumOfSong,
    songs: snapshot.songs,
    songById: songsByIdOf(snapshot),
    artistIndex,
    albumIndex,
    lastModified,
    orders: new Map(),
    answers: new Map(),
  };
}

const libraries = new WeakMap<SongListSnapshot, Promise<Library>>();

/** The library of the current catalogue; requests while it is built share one build. */
export async function currentLibrary(): Promise<Library> {
  const snapshot = await songListSnapshot();
  let library = libraries.get(snapshot);
  if (!library) {
    library = build(snapshot);
    libraries.set(snapshot, library);
    library.catch(() => libraries.delete(snapshot));
  }
  return library;
}

/** The index letter an artist is filed under: A–Z, or '#'. */
export function indexLetter(name: string): string {
  const first = foldTerm(sortName(name)).charAt(0).toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : '#';
}
