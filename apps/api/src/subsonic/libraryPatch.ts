import type { Song } from '@samaa/shared';
import { fileAlbums, unfileAlbums } from './albumOrders.js';
import type { FiledSong } from './genreIndex.js';
import type { CatalogueChange, Library } from './library.js';
import {
  albumOf,
  attachSong,
  compareArtists,
  createdMsOf,
  detachSong,
  insertSorted,
  removeSorted,
  settleAlbum,
  settleArtist,
  type AlbumEntry,
  type ArtistEntry,
} from './libraryEntries.js';
import type { SongsById } from '../songs/songsById.js';

/** What a patch touched (tests pin that a song write touches its own entries only). */
export interface LibraryPatch {
  albums: number;
  artists: number;
  /** The songs written, as they were filed before the write (the genre index unfiles them)... */
  leaving: FiledSong[];
  /** ...and as they are filed now. */
  joining: FiledSong[];
}

/**
 * The library after one song write: the songs written leave their albums and join their new
 * ones, and only those albums and their artists are settled again and moved in the kept orders
 * and word indexes. O(the songs written × their albums' and artists' sizes + log of the
 * catalogue), where a build is O(catalogue). The structures are the old library's, changed in
 * place: its snapshot is no longer served. Song records are the snapshot's own, never copied.
 */
export function patchLibrary(library: Library, songs: Song[], songById: SongsById, change: CatalogueChange): Library {
  const { added = [], replaced = [], deleted = [] } = change;
  const filed = (song: Song | undefined): FiledSong[] => (song ? [{ song, album: albumOf(library, song) }] : []);
  // The old versions (the old snapshot's) with their old albums, read before the songs move.
  const before = (id: string) => library.songById.get(id);
  const leaving = [...deleted, ...replaced.map((song) => song._id)].flatMap((id) => filed(before(id)));
  const touched = new Set<AlbumEntry>();
  const freshAlbums = new Set<AlbumEntry>();
  const freshArtists = new Set<ArtistEntry>();
  const leave = (id: string) => {
    const song = before(id);
    const album = song && detachSong(library, song);
    if (album) touched.add(album);
  };
  const join = (song: Song) => {
    const [albums, artists] = [library.albumById.size, library.artistById.size];
    const album = attachSong(library, song);
    if (library.albumById.size > albums) freshAlbums.add(album);
    if (library.artistById.size > artists) freshArtists.add(library.artistById.get(album.artistId)!);
    touched.add(album);
  };
  for (const id of deleted) leave(id);
  for (const song of replaced) {
    leave(song._id);
    join(song);
  }
  let { lastModified } = library;
  for (const song of added) {
    join(song);
    lastModified = Math.max(lastModified, createdMsOf(song._id));
  }

  // Out of the kept orders while each album still holds its old place, then settled and back.
  unfileAlbums(library, [...touched].filter((album) => !freshAlbums.has(album)));
  const artists = new Map<ArtistEntry, string | undefined>();
  let albumsCameOrWent = freshAlbums.size > 0;
  for (const album of touched) {
    const artist = library.artistById.get(album.artistId)!;
    if (!artists.has(artist)) artists.set(artist, artist.cover?._id);
    if (album.songs.length > 0) {
      settleAlbum(album);
      continue;
    }
    albumsCameOrWent = true;
    library.albumById.delete(album.id);
    artist.albums.splice(artist.albums.indexOf(album), 1);
    if (!freshAlbums.has(album)) {
      library.albumIndex.remove(album.id);
      library.albums.splice(library.albums.indexOf(album), 1);
    }
  }
  const kept = [...touched].filter((album) => album.songs.length > 0);
  fileAlbums(library, kept);
  for (const album of kept) {
    if (!freshAlbums.has(album)) continue;
    library.albums.push(album);
    library.albumIndex.add(album);
  }

  let coverMoved = false;
  for (const [artist, cover] of artists) {
    const fresh = freshArtists.has(artist);
    if (artist.albums.length === 0) {
      library.artistById.delete(artist.id);
      if (!fresh) {
        removeSorted(library.artists, artist, compareArtists);
        library.artistIndex.remove(artist.id);
      }
      continue;
    }
    settleArtist(artist);
    coverMoved ||= artist.cover?._id !== cover;
    if (fresh) {
      insertSorted(library.artists, artist, compareArtists);
      library.artistIndex.add(artist);
    }
  }
  const joining = [...replaced, ...added].flatMap(filed);
  return {
    ...library,
    songs,
    songById,
    lastModified,
    patch: { albums: touched.size, artists: artists.size, leaving, joining },
    // getArtists and getIndexes show each artist's name, album count and cover: kept unless one moved.
    answers: albumsCameOrWent || coverMoved ? new Map() : library.answers,
  };
}
