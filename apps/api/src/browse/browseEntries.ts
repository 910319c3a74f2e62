import type { AlbumCard, AlbumDetail, ArtistCard, PlacedSong } from '@samaa/shared';
import type { Song } from '@samaa/shared';
import { plainSong } from '../songs/songTable.js';
import { albumOfSongId, type AlbumEntry, type ArtistEntry, type Library } from '../subsonic/library.js';

/*
 * The library's entries (the ones Subsonic answers from) as the web shows them: a cover is the
 * picture of its first song that has one (the song Subsonic's coverArt names), and every count is the entry's own.
 */


export function albumCard(album: AlbumEntry): AlbumCard {
  return {
    id: album.id,
    name: album.name,
    artist: album.artist,
    artistId: album.artistId,
    year: album.year,
    songCount: album.songs.length,
    duration: album.duration,
    image: album.cover?.img,
  };
}

/** The song with the album and artist the library files it under. */
export function placedSong(library: Library, song: Song): PlacedSong {
  const album = albumOfSongId(library, song._id);
  return { ...plainSong(song), albumId: album?.id ?? '', artistId: album?.artistId ?? '' };
}

export function albumDetail(library: Library, album: AlbumEntry): AlbumDetail {
  const genre = album.songs.find((song) => song.genre?.trim())?.genre?.trim();
  return {
    ...albumCard(album),
    genre,
    songs: album.songs.map((song) => ({ ...plainSong(song), albumId: album.id, artistId: album.artistId })),
  };
}

/** O(the artist's albums): the song count is summed, as a write may change it. */
export function artistCard(artist: ArtistEntry): ArtistCard {
  return {
    id: artist.id,
    name: artist.name,
    albumCount: artist.albums.length,
    songCount: artist.albums.reduce((sum, album) => sum + album.songs.length, 0),
    image: artist.cover?.img,
  };
}
