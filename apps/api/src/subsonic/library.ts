import { createHash } from 'node:crypto';
import type { Song } from '@samaa/shared';
import { songListSnapshot, type SongListSnapshot } from '../songs/songCatalogue.repo.js';
import { createTextIndex, foldTerm } from '../search/textIndex.js';

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
  artistIndex: ReturnType<typeof createTextIndex<{ _id: string; name: string }>>;
  albumIndex: ReturnType<typeof createTextIndex<{ _id: string; name: string; artist: string }>>;
  lastModified: number;
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

const byTrack = (a: Song, b: Song) =>
  (a.discNumber ?? 1) - (b.discNumber ?? 1) ||
  (a.trackNumber ?? Number.MAX_SAFE_INTEGER) - (b.trackNumber ?? Number.MAX_SAFE_INTEGER) ||
  a.name.localeCompare(b.name);

const compareNames = (a: string, b: string) => sortName(a).localeCompare(sortName(b), undefined, { sensitivity: 'base' });

function build(snapshot: SongListSnapshot): Library {
  const albumById = new Map<string, AlbumEntry>();
  const artistById = new Map<string, ArtistEntry>();
  const albumOfSong = new Map<string, AlbumEntry>();
  for (const song of snapshot.songs) {
    const artistName = song.albumArtist || song.artist;
    const artistId = artistIdOf(artistName);
    const albumId = albumIdOf(artistName, song.album || undefined);
    let album = albumById.get(albumId);
    if (!album) {
      album = { id: albumId, name: song.album || SINGLES, artist: artistName, artistId, songs: [], duration: 0, created: createdOf(song._id) };
      albumById.set(albumId, album);
      let artist = artistById.get(artistId);
      if (!artist) {
        artist = { id: artistId, name: artistName, albums: [] };
        artistById.set(artistId, artist);
      }
      artist.albums.push(album);
    }
    album.songs.push(song);
    album.duration += song.duration ?? 0;
    album.year ??= song.year;
    const created = createdOf(song._id);
    if (created < album.created) album.created = created;
    albumOfSong.set(song._id, album);
  }
  for (const album of albumById.values()) {
    album.songs.sort(byTrack);
    album.coverSongId = album.songs.find((song) => song.img)?._id;
  }
  const artists = [...artistById.values()].sort((a, b) => compareNames(a.name, b.name));
  for (const artist of artists) {
    artist.albums.sort((a, b) => (a.year ?? 0) - (b.year ?? 0) || a.name.localeCompare(b.name));
    artist.coverSongId = artist.albums.find((album) => album.coverSongId)?.coverSongId;
  }
  const albums = [...albumById.values()];
  const artistIndex = createTextIndex<{ _id: string; name: string }>(['name'], { name: 1 });
  artistIndex.addAll(artists.map(({ id, name }) => ({ _id: id, name })));
  const albumIndex = createTextIndex<{ _id: string; name: string; artist: string }>(['name', 'artist'], { name: 2, artist: 1 });
  albumIndex.addAll(albums.map(({ id, name, artist }) => ({ _id: id, name, artist })));
  return {
    artists,
    albums,
    artistById,
    albumById,
    albumOfSong,
    songs: snapshot.songs,
    songById: new Map(snapshot.songs.map((song) => [song._id, song])),
    artistIndex,
    albumIndex,
    lastModified: snapshot.songs.reduce((latest, song) => Math.max(latest, createdOf(song._id).getTime()), 0),
  };
}

const libraries = new WeakMap<SongListSnapshot, Library>();

export async function currentLibrary(): Promise<Library> {
  const snapshot = await songListSnapshot();
  let library = libraries.get(snapshot);
  if (!library) {
    library = build(snapshot);
    libraries.set(snapshot, library);
  }
  return library;
}

/** The index letter an artist is filed under: A–Z, or '#'. */
export function indexLetter(name: string): string {
  const first = foldTerm(sortName(name)).charAt(0).toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : '#';
}
