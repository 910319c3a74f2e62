import { CATALOGUE_MESSAGES, type Song, type SongInput } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import type { AppEventBus } from '../context.js';
import {
  countSongs,
  deleteSongById,
  hasNoSongs,
  insertSong,
  insertSongs,
  markEdited,
  moveScannedSong,
  refreshScannedSongs,
  replaceSong,
} from './songs.repo.js';
import { songsById } from './songCatalogue.js';

// --- what other features use -----------------------------------------------------------------

export {
  catalogueWritten,
  forgetCatalogueSnapshot,
  fullListBody,
  onCatalogueChanged,
  onCataloguePatched,
  persistCatalogueIn,
  songExists,
  songListSnapshot,
  songsById,
  songsByIdOf,
} from './songCatalogue.js';
export type { SongListSnapshot } from './songCatalogue.js';

/** How many songs the catalogue holds (the admin's analytics, the seed's numbering). */
export function catalogueSize(): Promise<number> {
  return countSongs();
}

/** Whether the catalogue holds no song yet (the demo songs go only into an empty one). */
export function catalogueIsEmpty(): Promise<boolean> {
  return hasNoSongs();
}

/** Adds songs in one write (a folder scan, the demo catalogue); returns their ids in input order. */
export function addSongs(inputs: readonly (SongInput & { scanFile?: string })[]): Promise<string[]> {
  return insertSongs(inputs);
}

/** A rescan's new tags for songs of a music folder; an admin's edits survive. Says which changed. */
export function rescanSongs(songs: readonly { id: string; input: SongInput }[]): Promise<boolean[]> {
  return refreshScannedSongs(songs);
}

/** A folder's file moved: its song follows it, with its likes and playlist entries. */
export function followMovedFile(id: string, url: string, scanFile: string): Promise<void> {
  return moveScannedSong(id, url, scanFile);
}

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

/** Deletes a song, then raises `songDeleted`: it answers once every reference to the song is gone. */
export async function deleteSong(events: AppEventBus, id: string): Promise<void> {
  if (!(await deleteSongById(id))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  await events.emit('songDeleted', id);
}
