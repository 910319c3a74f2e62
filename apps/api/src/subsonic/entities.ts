import path from 'node:path';
import type { Playlist, Song } from '@samaa/shared';
import type { PlayStats } from '../analytics/analytics.service.js';
import { mimeForExtension } from '../media/formats.js';
import { albumCreated, albumOfSongId, createdOf, type AlbumEntry, type ArtistEntry, type Library } from './library.js';
import type { Payload } from './response.js';

/** What one listener sees on top of the catalogue: their stars, and everyone's play counts. */
export interface Annotations {
  starred: Map<string, Date>;
  plays: Map<string, PlayStats>;
}

/** Cover art ids: a song's own id, an album's, an artist's, or `pl-` + a playlist's. */
export const playlistCoverId = (id: string) => `pl-${id}`;

function suffixOf(url: string): string | undefined {
  try {
    const ext = path.extname(new URL(url, 'http://samaa.invalid').pathname).toLowerCase();
    return ext ? ext.slice(1) : undefined;
  } catch {
    return undefined;
  }
}

const safePathPart = (text: string) => text.replace(/[/\\:*?"<>|]/g, '_').trim() || '_';

/** A song as Subsonic's `Child`. */
export function songChild(song: Song, library: Library, notes: Annotations): Payload {
  const album = albumOfSongId(library, song._id);
  const suffix = suffixOf(song.song);
  const track = song.trackNumber ? `${String(song.trackNumber).padStart(2, '0')} - ` : '';
  const artistId = library.artistById.has(album?.artistId ?? '') ? album?.artistId : undefined;
  return {
    id: song._id,
    parent: album?.id,
    isDir: false,
    title: song.name,
    album: album?.name,
    artist: song.artist,
    track: song.trackNumber,
    year: song.year,
    genre: song.genre,
    coverArt: song.img ? song._id : undefined,
    contentType: suffix ? mimeForExtension(`.${suffix}`) : undefined,
    suffix,
    duration: song.duration,
    path: album && suffix ? `${safePathPart(album.artist)}/${safePathPart(album.name)}/${track}${safePathPart(song.name)}.${suffix}` : undefined,
    isVideo: false,
    playCount: notes.plays.get(song._id)?.plays ?? 0,
    discNumber: song.discNumber,
    created: createdOf(song._id),
    starred: notes.starred.get(song._id),
    albumId: album?.id,
    artistId,
    type: 'music',
  };
}

export function albumId3(album: AlbumEntry, notes: Annotations): Payload {
  const playCount = album.songs.reduce((sum, song) => sum + (notes.plays.get(song._id)?.plays ?? 0), 0);
  return {
    id: album.id,
    name: album.name,
    artist: album.artist,
    artistId: album.artistId,
    coverArt: album.cover ? album.id : undefined,
    songCount: album.songs.length,
    duration: album.duration,
    playCount,
    created: albumCreated(album),
    year: album.year,
  };
}

export function artistId3(artist: ArtistEntry): Payload {
  return { id: artist.id, name: artist.name, coverArt: artist.cover ? artist.id : undefined, albumCount: artist.albums.length };
}

export function playlistEntry(playlist: Playlist & { createdAt?: Date; updatedAt?: Date }, owner: string): Payload {
  const created = playlist.createdAt ?? createdOf(playlist._id);
  return {
    id: playlist._id,
    name: playlist.name,
    comment: playlist.desc || undefined,
    owner,
    public: false,
    songCount: playlist.songs.length,
    duration: playlist.songs.reduce((sum, song) => sum + (song.duration ?? 0), 0),
    created,
    changed: playlist.updatedAt ?? created,
    coverArt: playlist.img || playlist.songs.some((song) => song.img) ? playlistCoverId(playlist._id) : undefined,
  };
}
