import { createHash } from 'node:crypto';
import type { Song } from '@samaa/shared';
import type { Fields } from '../search/catalogueIndex.js';
import { foldTerm } from '../search/textIndex.js';
import type { SongsById } from '../songs/songsById.js';

/*
 * The artists and albums Subsonic clients browse, derived from the songs. Everything an entry
 * shows is worked out from its own songs (settleAlbum) or albums (settleArtist), never from the
 * order of the whole catalogue: a song write then settles the one or two entries it touched, and
 * gets what a build from scratch would (libraryPatch.ts).
 */

export interface AlbumEntry {
  id: string;
  name: string;
  artist: string;
  artistId: string;
  /** Disc, then track, then title order. */
  songs: Song[];
  duration: number;
  /** The year of the first song, in track order, that has one. */
  year?: number;
  /** Its first song, in track order, with a picture: one of `songs`, not a copy of its id. */
  cover?: Song;
  /** When its first song was added, in whole seconds: a small integer, where a Date was an object per album (docs/performance.md). */
  createdSeconds: number;
}

export interface ArtistEntry {
  id: string;
  name: string;
  albums: AlbumEntry[];
  /** The cover of its first album, in its order, that has one. */
  cover?: Song;
}

/**
 * Artists and albums by id, and the ids their names hash to: what one song's write changes. A
 * song's album is found from its own fields (`albumOf`), so nothing is kept per song.
 */
export interface LibraryMaps {
  artistById: Map<string, ArtistEntry>;
  albumById: Map<string, AlbumEntry>;
  ids: IdCache;
}

/** What the library's word indexes read of an artist and an album. */
export const ARTIST_FIELDS: Fields<ArtistEntry> = { id: (artist) => artist.id, texts: (artist) => [artist.name, undefined, undefined] };
export const ALBUM_FIELDS: Fields<AlbumEntry> = { id: (album) => album.id, texts: (album) => [album.name, album.artist, undefined] };

/** The album of songs that have none. */
export const SINGLES = 'Singles';
export const IGNORED_ARTICLES = ['The', 'A', 'An', 'El', 'La', 'Le', 'Les', 'Los', 'Las'];

const nameKey = (name: string) => foldTerm(name.normalize('NFKC').trim().replace(/\s+/g, ' '));
const hashId = (prefix: string, key: string) => `${prefix}${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;

/** Ids are hashes of the names: stable across restarts and processes, with nothing stored. */
export const artistIdOf = (name: string) => hashId('ar-', nameKey(name));
const albumIdOf = (artist: string, album: string | undefined) =>
  hashId('al-', `${nameKey(artist)}\0${album === undefined ? '\u0001' : nameKey(album)}`);

/** The id of the album a song is filed under (by its album artist, else its artist). */
export const albumIdOfSong = (song: Pick<Song, 'artist' | 'albumArtist' | 'album'>) =>
  albumIdOf(song.albumArtist || song.artist, song.album || undefined);

/** When the album's first song was added, as Subsonic answers show it. */
export const albumCreated = (album: AlbumEntry) => new Date(album.createdSeconds * 1000);

/** The creation time an ObjectId carries. */
export const createdOf = (id: string) => new Date(createdMsOf(id));
export const createdMsOf = (id: string) => parseInt(id.slice(0, 8), 16) * 1000 || 0;

/** "The Beatles" sorts as "Beatles". */
export function sortName(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length > 1 && IGNORED_ARTICLES.some((a) => a.toLowerCase() === words[0]!.toLowerCase())) {
    return words.slice(1).join(' ');
  }
  return name.trim();
}

export const collator = new Intl.Collator();
const baseCollator = new Intl.Collator(undefined, { sensitivity: 'base' });
/** The last tie-break of every order: entries with equal names keep one order, built or patched. */
export const compareIds = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const byTrack = (a: Song, b: Song) =>
  (a.discNumber ?? 1) - (b.discNumber ?? 1) ||
  (a.trackNumber ?? Number.MAX_SAFE_INTEGER) - (b.trackNumber ?? Number.MAX_SAFE_INTEGER) ||
  collator.compare(a.name, b.name) ||
  (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** The artists' order: by sort name ("The" and the like ignored), case and accents aside. */
export const compareArtists = (a: ArtistEntry, b: ArtistEntry) => baseCollator.compare(sortName(a.name), sortName(b.name)) || compareIds(a, b);

/** Artists sorted for the first time: each sort name worked out once, not per comparison. */
export function artistsInOrder(artists: Iterable<ArtistEntry>): ArtistEntry[] {
  return [...artists]
    .map((artist) => ({ artist, key: sortName(artist.name) }))
    .sort((a, b) => baseCollator.compare(a.key, b.key) || compareIds(a.artist, b.artist))
    .map(({ artist }) => artist);
}

const byYearThenName = (a: AlbumEntry, b: AlbumEntry) => (a.year ?? 0) - (b.year ?? 0) || collator.compare(a.name, b.name) || compareIds(a, b);

/**
 * Names as songs spell them → ids: a hash per name, not per song. Ids depend on the names alone,
 * so an entry never goes stale; it lives as long as the library (about one per album).
 */
export interface IdCache {
  artists: Map<string, string>;
  /** Artist name → album name (or '\u0001' for none) → album id: no key string made per song. */
  albums: Map<string, Map<string, string>>;
}

export const newIdCache = (): IdCache => ({ artists: new Map(), albums: new Map() });

const filedArtist = (song: Song) => song.albumArtist || song.artist;

function artistIdCached(ids: IdCache, artistName: string): string {
  let artistId = ids.artists.get(artistName);
  if (artistId === undefined) ids.artists.set(artistName, (artistId = artistIdOf(artistName)));
  return artistId;
}

/** A song's fields are read once here: a table's row makes a new string at each read. */
function albumIdCached(ids: IdCache, artistName: string, albumName: string | undefined): string {
  let byName = ids.albums.get(artistName);
  if (byName === undefined) ids.albums.set(artistName, (byName = new Map()));
  const key = albumName || '\u0001';
  let albumId = byName.get(key);
  if (albumId === undefined) byName.set(key, (albumId = albumIdOf(artistName, albumName || undefined)));
  return albumId;
}

/**
 * The album `song` is filed under, from its fields: for a song of the library, its album; for a
 * song as it was before a write, the album it was filed in (still there until the write moves it).
 */
export const albumOf = (maps: LibraryMaps, song: Song | undefined): AlbumEntry | undefined =>
  song && maps.albumById.get(albumIdCached(maps.ids, filedArtist(song), song.album));

/** The album the library files the song of this id under (by the library's version of the song). */
export const albumOfSongId = (library: LibraryMaps & { songById: SongsById }, songId: string): AlbumEntry | undefined =>
  albumOf(library, library.songById.get(songId));

/** Files the song under its album (and the album under its artist), making either if new. */
export function attachSong(maps: LibraryMaps, song: Song): AlbumEntry {
  const artistName = filedArtist(song);
  const albumName = song.album;
  const artistId = artistIdCached(maps.ids, artistName);
  const albumId = albumIdCached(maps.ids, artistName, albumName);
  let album = maps.albumById.get(albumId);
  if (!album) {
    let artist = maps.artistById.get(artistId);
    if (!artist) {
      artist = { id: artistId, name: artistName, albums: [] };
      maps.artistById.set(artistId, artist);
    }
    // The artist's own string when spelt alike: one string per artist, not one per album.
    const albumArtist = artistName === artist.name ? artist.name : artistName;
    album = { id: albumId, name: albumName || SINGLES, artist: albumArtist, artistId, songs: [], duration: 0, createdSeconds: 0 };
    maps.albumById.set(albumId, album);
    artist.albums.push(album);
  }
  album.songs.push(song);
  return album;
}

/** Takes the song, as it was filed, out of its album; the album it was in, if any. */
export function detachSong(maps: LibraryMaps, filed: Song): AlbumEntry | undefined {
  const album = albumOf(maps, filed);
  const at = album ? album.songs.findIndex((song) => song._id === filed._id) : -1;
  if (at < 0) return undefined;
  album!.songs.splice(at, 1);
  return album;
}

/** Orders the album's songs and works out what it shows from them: O(its songs). */
export function settleAlbum(album: AlbumEntry): void {
  album.songs.sort(byTrack);
  let duration = 0;
  let created = Number.POSITIVE_INFINITY;
  album.year = undefined;
  album.cover = undefined;
  for (const song of album.songs) {
    duration += song.duration ?? 0;
    const at = createdMsOf(song._id);
    if (at < created) created = at;
    album.year ??= song.year;
    if (!album.cover && song.img) album.cover = song;
  }
  album.duration = duration;
  album.createdSeconds = Number.isFinite(created) ? Math.floor(created / 1000) : 0;
}

/** Orders the artist's albums (by year, then name) and picks its cover: O(its albums). */
export function settleArtist(artist: ArtistEntry): void {
  artist.albums.sort(byYearThenName);
  artist.cover = artist.albums.find((album) => album.cover)?.cover;
}

/** Where `item` goes in `items`, sorted by `compare`: O(log n). */
export function insertionPoint<T>(items: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(items[mid]!, item) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Inserts into a sorted array at its place. */
export function insertSorted<T>(items: T[], item: T, compare: (a: T, b: T) => number): void {
  items.splice(insertionPoint(items, item, compare), 0, item);
}

/**
 * Removes `item` from a sorted array, found by binary search on the order it was filed under
 * (`compare` must still place it as when it was inserted), else by a scan.
 */
export function removeSorted<T>(items: T[], item: T, compare: (a: T, b: T) => number): void {
  const at = insertionPoint(items, item, compare);
  if (items[at] === item) items.splice(at, 1);
  else {
    const found = items.indexOf(item);
    if (found >= 0) items.splice(found, 1);
  }
}
