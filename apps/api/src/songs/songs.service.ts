import { CATALOGUE_MESSAGES, type Song, type SongInput } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import type { AppEventBus } from '../context.js';
import type { AppData } from '../db/appData.js';
import type { Catalogue } from './catalogue.js';
import * as repo from './songs.repo.js';
import { markEdited, type NewSong } from './songs.repo.js';

/*
 * Song writes: each stores through the repository, then publishes what it wrote to the
 * catalogue (`catalogue.apply`), which moves the shared version and patches this process's
 * snapshot and views. A delete then raises `songDeleted` for the features that keep song data.
 */

// --- what other features use -----------------------------------------------------------------

export { Catalogue, CATALOGUE_BOUND_MS } from './catalogue.js';
export type { CatalogueChange, CatalogueView, SongListSnapshot, ViewStats } from './catalogue.js';
export type { NewSong } from './songs.repo.js';

/** What a song write needs: the app's data it stores to, and its catalogue it publishes to (an `AppContext` is one). */
export interface SongWriter {
  data: AppData;
  catalogue: Catalogue;
}

/** How many songs the catalogue holds (the admin's analytics, the seed's numbering). */
export function catalogueSize(data: AppData): Promise<number> {
  return repo.countSongs(data);
}

/** Whether the catalogue holds no song yet (the demo songs go only into an empty one). */
export function catalogueIsEmpty(data: AppData): Promise<boolean> {
  return repo.hasNoSongs(data);
}

export interface Page {
  limit: number;
  page: number;
}

/** One page of a list. */
export function pageOf<T>(items: readonly T[], { limit, page }: Page): T[] {
  return items.slice((page - 1) * limit, page * limit);
}

export async function createSong({ data, catalogue }: SongWriter, input: SongInput): Promise<Song> {
  const song = await repo.insertSong(data, input);
  await catalogue.apply({ added: [song] });
  return song;
}

/**
 * A bulk insert (the demo catalogue, the scanner, the seed, tests); the new ids in input order.
 * Songs stamped now go first in the list, newest first; back-dated ones (the seed's) are placed by
 * a read of the whole list.
 */
export async function addSongs({ data, catalogue }: SongWriter, inputs: readonly NewSong[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const { ids, newestFirst } = await repo.insertSongs(data, inputs);
  const backDated = inputs.some((input) => input.createdAt !== undefined);
  await catalogue.apply(backDated ? undefined : { added: newestFirst });
  return ids;
}

/** A PUT. On a song from a music folder, the fields the admin changed survive later rescans. */
export async function updateSong({ data, catalogue }: SongWriter, id: string, input: SongInput): Promise<Song> {
  const before = await catalogue.songById(id);
  const song = await repo.replaceSong(data, id, input);
  if (!song) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  await catalogue.apply({ replaced: [song] });
  if (before) await markEdited(data, id, before, input);
  return song;
}

/** Deletes a song, publishes it, then raises `songDeleted`: it answers once every reference to the song is gone. */
export async function deleteSong(deps: SongWriter & { events: AppEventBus }, id: string): Promise<void> {
  if (!(await repo.deleteSongById(deps.data, id))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  await deps.catalogue.apply({ deleted: [id.toLowerCase()] });
  await deps.events.emit('songDeleted', id);
}

/** A rescan's batch of scanned songs (repo.refreshScannedSongs), published once; false for each song that is gone. */
export async function refreshScannedSongs({ data, catalogue }: SongWriter, songs: readonly { id: string; input: SongInput }[]): Promise<boolean[]> {
  const { updated, replaced } = await repo.refreshScannedSongs(data, songs);
  if (replaced.length > 0) await catalogue.apply({ replaced });
  return updated;
}

/** A scanned song whose file moved: its new address and file entry. */
export async function moveScannedSong({ data, catalogue }: SongWriter, id: string, url: string, scanFile: string): Promise<void> {
  const moved = await repo.moveScannedSong(data, id, url, scanFile);
  await catalogue.apply(moved ? { replaced: [moved] } : undefined);
}
