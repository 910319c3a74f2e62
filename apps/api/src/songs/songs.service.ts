import { CATALOGUE_MESSAGES, type Song, type SongInput } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import type { AppEventBus } from '../context.js';
import { deleteSongById, insertSong, markEdited, replaceSong } from './songs.repo.js';
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
export { countSongs, hasNoSongs, insertSongs, moveScannedSong, refreshScannedSongs } from './songs.repo.js';

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
