import type { Song } from '@samaa/shared';
import { CatalogueIndex } from '../search/catalogueIndex.js';
import { decodeIndex, encodeIndex } from '../search/indexBytes.js';
import { decodeSections, encodeSections } from '../songs/keptSections.js';
import type { Library } from './library.js';
import { nextTurn } from '../eventLoop.js';
import { ALBUM_FIELDS, ARTIST_FIELDS, newIdCache, type AlbumEntry, type ArtistEntry } from './libraryEntries.js';
import type { SongsById } from '../songs/songsById.js';

/*
 * The Subsonic library as bytes, kept in the catalogue's snapshot file beside the songs: a
 * restart reads its albums, artists, kept orders and word indexes back instead of filing every
 * song again and sorting the albums with the collator. Songs are not stored: each is named by its
 * place in the snapshot's list, so the restored library holds the very objects the list does.
 *
 * Layout (`keptSections.ts`): a JSON header line (counts, lengths, the names and ids as strings),
 * then typed arrays, then the two word indexes (`indexBytes.ts`).
 */

const FORMAT = 1;
/** No value (no year, no cover). */
const NONE = 0xffffffff;
/** Albums made between two yields to the event loop while a library is restored. */
const ALBUMS_PER_SLICE = 10_000;

interface Header {
  format: number;
  lastModified: number;
  albums: { ids: string[]; names: string[]; artists: string[] };
  artists: { ids: string[]; names: string[] };
  songPlaces: number;
  artistAlbums: number;
  /** The kept orders' names and lengths (an order may hold only some albums). */
  orders: { name: string; length: number }[];
  artistIndexBytes: number;
  albumIndexBytes: number;
}

/** The library's bytes; `placeOf` names a song's place in the snapshot's list. */
export function encodeLibrary(library: Library, placeOf: (song: Song) => number | undefined): Buffer {
  const { albums, artists } = library;
  const albumOrdinal = new Map<AlbumEntry, number>(albums.map((album, at) => [album, at]));
  const artistOrdinal = new Map<string, number>(artists.map((artist, at) => [artist.id, at]));
  const place = (song: Song) => {
    const at = placeOf(song);
    if (at === undefined) throw new Error('a library song is not in the list');
    return at;
  };
  const coverPlace = (song: Song | undefined) => (song === undefined ? NONE : place(song));

  const songStarts = new Uint32Array(albums.length + 1);
  const songPlaces = new Uint32Array(albums.reduce((sum, album) => sum + album.songs.length, 0));
  const albumArtist = new Uint32Array(albums.length);
  const years = new Uint32Array(albums.length);
  const albumCovers = new Uint32Array(albums.length);
  const created = new Float64Array(albums.length);
  const durations = new Float64Array(albums.length);
  let at = 0;
  albums.forEach((album, ordinal) => {
    songStarts[ordinal] = at;
    for (const song of album.songs) songPlaces[at++] = place(song);
    albumArtist[ordinal] = artistOrdinal.get(album.artistId)!;
    years[ordinal] = album.year ?? NONE;
    albumCovers[ordinal] = coverPlace(album.cover);
    created[ordinal] = album.createdSeconds * 1000;
    durations[ordinal] = album.duration;
  });
  songStarts[albums.length] = at;

  const artistStarts = new Uint32Array(artists.length + 1);
  const artistAlbums = new Uint32Array(artists.reduce((sum, artist) => sum + artist.albums.length, 0));
  const artistCovers = new Uint32Array(artists.length);
  at = 0;
  artists.forEach((artist, ordinal) => {
    artistStarts[ordinal] = at;
    for (const album of artist.albums) artistAlbums[at++] = albumOrdinal.get(album)!;
    artistCovers[ordinal] = coverPlace(artist.cover);
  });
  artistStarts[artists.length] = at;

  const orders = [...library.orders].map(([name, list]) => ({ name, length: list.length }));
  const orderArrays = [...library.orders.values()].map((list) => Uint32Array.from(list, (album) => albumOrdinal.get(album)!));
  const artistIndex = encodeIndex(library.artistIndex.state(), (artist) => artistOrdinal.get(artist.id));
  const albumIndex = encodeIndex(library.albumIndex.state(), (album) => albumOrdinal.get(album));

  const header: Header = {
    format: FORMAT,
    lastModified: library.lastModified,
    albums: { ids: albums.map((a) => a.id), names: albums.map((a) => a.name), artists: albums.map((a) => a.artist) },
    artists: { ids: artists.map((a) => a.id), names: artists.map((a) => a.name) },
    songPlaces: songPlaces.length,
    artistAlbums: artistAlbums.length,
    orders,
    artistIndexBytes: artistIndex.length,
    albumIndexBytes: albumIndex.length,
  };
  const sections: ArrayBufferView[] = [
    songStarts,
    songPlaces,
    albumArtist,
    years,
    albumCovers,
    created,
    durations,
    artistStarts,
    artistAlbums,
    artistCovers,
    ...orderArrays,
    artistIndex,
    albumIndex,
  ];
  return encodeSections(header, sections);
}

/**
 * The library kept by `encodeLibrary`, holding the songs of `songs` (the snapshot's list): made in
 * slices from the next turn of the event loop on, so requests run in between.
 */
export async function decodeLibrary(bytes: Buffer, songs: readonly Song[], songById: SongsById): Promise<Library> {
  await nextTurn();
  const { header, read } = decodeSections<Header>(bytes, 'library');
  if (header.format !== FORMAT) throw new Error('the kept library is of another format');
  const albumCount = header.albums.ids.length;
  const artistCount = header.artists.ids.length;
  const songStarts = read.u32(albumCount + 1);
  const songPlaces = read.u32(header.songPlaces);
  const albumArtist = read.u32(albumCount);
  const years = read.u32(albumCount);
  const albumCovers = read.u32(albumCount);
  const created = read.f64(albumCount);
  const durations = read.f64(albumCount);
  const artistStarts = read.u32(artistCount + 1);
  const artistAlbums = read.u32(header.artistAlbums);
  const artistCovers = read.u32(artistCount);
  const orderArrays = header.orders.map(({ length }) => read.u32(length));
  const artistIndexBytes = read.bytes(header.artistIndexBytes);
  const albumIndexBytes = read.bytes(header.albumIndexBytes);

  const songAt = (place: number) => {
    const song = songs[place];
    if (!song) throw new Error('the kept library names a song the list does not hold');
    return song;
  };
  const coverAt = (place: number) => (place === NONE ? undefined : songAt(place));

  const artists: ArtistEntry[] = header.artists.ids.map((id, ordinal) => ({
    id,
    name: header.artists.names[ordinal]!,
    albums: [],
    cover: coverAt(artistCovers[ordinal]!),
  }));
  const albums: AlbumEntry[] = [];
  // Each name once: the header's JSON makes a string per album, and albums share names.
  const names = new Map<string, string>();
  const named = (name: string) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  };
  for (let ordinal = 0; ordinal < albumCount; ordinal += 1) {
    if (ordinal % ALBUMS_PER_SLICE === ALBUMS_PER_SLICE - 1) await nextTurn();
    // Made at their length: pushed one by one, each held spare room (docs/performance.md).
    const from = songStarts[ordinal]!;
    const albumSongs = new Array<Song>(songStarts[ordinal + 1]! - from);
    for (let i = 0; i < albumSongs.length; i += 1) albumSongs[i] = songAt(songPlaces[from + i]!);
    const artist = artists[albumArtist[ordinal]!];
    if (!artist) throw new Error('the kept library names an artist it does not hold');
    albums.push({
      id: header.albums.ids[ordinal]!,
      name: named(header.albums.names[ordinal]!),
      artist: header.albums.artists[ordinal] === artist.name ? artist.name : named(header.albums.artists[ordinal]!),
      artistId: artist.id,
      songs: albumSongs,
      duration: durations[ordinal]!,
      year: years[ordinal] === NONE ? undefined : years[ordinal],
      cover: coverAt(albumCovers[ordinal]!),
      createdSeconds: Math.floor(created[ordinal]! / 1000),
    });
  }
  await nextTurn();
  artists.forEach((artist, ordinal) => {
    for (let at = artistStarts[ordinal]!; at < artistStarts[ordinal + 1]!; at += 1) artist.albums.push(albums[artistAlbums[at]!]!);
  });
  const orders = new Map<string, AlbumEntry[]>();
  header.orders.forEach(({ name }, at) => orders.set(name, Array.from(orderArrays[at]!, (ordinal) => albums[ordinal]!)));
  await nextTurn();
  const artistIndex = CatalogueIndex.restored(decodeIndex(artistIndexBytes, artists), ARTIST_FIELDS);
  await nextTurn();
  const albumIndex = CatalogueIndex.restored(decodeIndex(albumIndexBytes, albums), ALBUM_FIELDS);

  return {
    albumById: new Map(albums.map((album) => [album.id, album])),
    artistById: new Map(artists.map((artist) => [artist.id, artist])),
    ids: newIdCache(),
    artists,
    albums,
    songs: songs as Song[],
    songById,
    artistIndex,
    albumIndex,
    lastModified: header.lastModified,
    orders,
    answers: new Map(),
  };
}
