import { CATALOGUE_MESSAGES, type Song, type SongInput } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import { deletePlaysOfSong } from '../analytics/plays.repo.js';
import { deleteLikesOfSong } from '../likes/likes.repo.js';
import { deleteLyricsOf } from '../lyrics/lyrics.repo.js';
import { removeSongFromAllPlaylists } from '../playlists/playlists.repo.js';
import { deleteSongById, insertSong, markEdited, replaceSong } from './songs.repo.js';
import { songsById } from './songCatalogue.repo.js';

export { songExists, songListSnapshot, songsById } from './songCatalogue.repo.js';

export interface Page {
  limit: number;
  page: number;
}

/** One page of a list. */
export function pageOf<T>(items: readonly T[], { limit, page }: Page): T[] {
  return items.slice((page - 1) * limit, page * limit);
}

export function createSong(input: SongInput): Promise<Song> {
  return insertSong(input);
}

/** A PUT. On a song from a music folder, the fields the admin changed survive later rescans. */
export async function updateSong(id: string, input: SongInput): Promise<Song> {
  const before = (await songsById()).get(id.toLowerCase());
  const song = await replaceSong(id, input);
  if (!song) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  if (before) await markEdited(id, before, input);
  return song;
}

/** Deletes a song and every reference to it: playlist entries and likes. */
export async function deleteSong(id: string): Promise<void> {
  if (!(await deleteSongById(id))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  await Promise.all([removeSongFromAllPlaylists(id), deleteLikesOfSong(id), deletePlaysOfSong(id), deleteLyricsOf(id)]);
}
