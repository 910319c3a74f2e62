import type { LyricsLine, LyricsSource } from '@samaa/shared';
import { serialised } from '../db/engine.js';
import { LyricsModel } from './lyrics.model.js';

export interface StoredLyrics {
  _id: string;
  source: LyricsSource | 'none';
  synced: boolean;
  lines: LyricsLine[];
  lang?: string;
  removed?: boolean;
  checkedAt: Date;
}

export type LyricsRecord = Omit<StoredLyrics, '_id' | 'checkedAt'>;

/** One song's lyrics record (a primary-key read), or null when none was ever stored. */
export async function lyricsOf(songId: string): Promise<StoredLyrics | null> {
  return LyricsModel.findById(songId).lean<StoredLyrics>();
}

/** Stores a song's lyrics whole (a primary-key upsert). */
export async function saveLyrics(songId: string, record: LyricsRecord): Promise<void> {
  await LyricsModel.replaceOne({ _id: songId }, { _id: songId, ...record, checkedAt: new Date() }, { upsert: true });
}

/**
 * Replaces the record unless `keep` says the stored one must stay (an admin's upload or removal
 * against a rescan). Read and write run under the song's lyrics lock.
 */
export async function saveLyricsUnless(
  songId: string,
  record: LyricsRecord | null,
  keep: (stored: StoredLyrics) => boolean,
): Promise<boolean> {
  return serialised(`lyrics:${songId}`, async () => {
    const stored = await lyricsOf(songId);
    if (stored && keep(stored)) return false;
    if (record) await saveLyrics(songId, record);
    else if (stored) await LyricsModel.deleteOne({ _id: songId });
    return true;
  });
}

export async function saveLyricsLocked(songId: string, record: LyricsRecord): Promise<void> {
  await serialised(`lyrics:${songId}`, () => saveLyrics(songId, record));
}

export async function deleteLyricsOf(songId: string): Promise<void> {
  await LyricsModel.deleteOne({ _id: songId });
}
