import { CATALOGUE_MESSAGES, type Song, type SongInput } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import type { AppEventBus } from '../context.js';
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

/** How many songs the catalogue holds (the admin's analytics, the seed's numbering). */
export function catalogueSize(): Promise<number> {
  return repo.countSongs();
}

/** Whether the catalogue holds no song yet (the demo songs go only into an empty one). */
export function catalogueIsEmpty(): Promise<boolean> {
  return repo.hasNoSongs();
}

export interface Page {
  limit: number;
  page: number;
}

/** One page of a list. */
export function pageOf<T>(items: readonly T[], { limit, page }: Page): T[] {
  return items.slice((page - 1) * limit, page * limit);
}

export async function createSong(catalogue: Catalogue, input: SongInput): Promise<Song> {
  const song = await repo.insertSong(input);
  await catalogue.apply({ added: [song] });
  return song;
}

/**
 * A bulk insert (the demo catalogue, the scanner, the seed, tests); the new ids in input order.
 * Songs stamped now go first in the list, newest first; back-dated ones (the seed's) are placed by
 * a read of the whole list.
 */
export async function addSongs(catalogue: Catalogue, inputs: readonly NewSong[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const { ids, newestFirst } = await repo.insertSongs(inputs);
  const backDated = inputs.some((input) => input.createdAt !== undefined);
  await catalogue.apply(backDated ? undefined : { added: newestFirst });
  return ids;
}

/** A PUT. On a song from a music folder, the fields the admin changed survive later rescans. */
export async function updateSong(catalogue: Catalogue, id: string, input: SongInput): Promise<Song> {
  const before = await catalogue.songById(id);
  const song = await repo.replaceSong(id, input);
  if (!song) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  await catalogue.apply({ replaced: [song] });
  if (before) await markEdited(id, before, input);
  return song;
}

/** Deletes a song, publishes it, then raises `songDeleted`: it answers once every reference to the song is gone. */
export async function deleteSong(deps: { catalogue: Catalogue; events: AppEventBus }, id: string): Promise<void> {
  if (!(await repo.deleteSongById(id))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  await deps.catalogue.apply({ deleted: [id.toLowerCase()] });
  await deps.events.emit('songDeleted', id);
}

/** A rescan's batch of scanned songs (repo.refreshScannedSongs), published once; false for each song that is gone. */
export async function refreshScannedSongs(catalogue: Catalogue, songs: readonly { id: string; input: SongInput }[]): Promise<boolean[]> {
  const { updated, replaced } = await repo.refreshScannedSongs(songs);
  if (replaced.length > 0) await catalogue.apply({ replaced });
  return updated;
}

/** A scanned song whose file moved: its new address and file entry. */
export async function moveScannedSong(catalogue: Catalogue, id: string, url: string, scanFile: string): Promise<void> {
  const moved = await repo.moveScannedSong(id, url, scanFile);
  await catalogue.apply(moved ? { replaced: [moved] } : undefined);
}
