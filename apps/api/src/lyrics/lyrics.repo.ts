import type { LyricsLine, LyricsSource } from '@samaa/shared';
import { serialised } from '../db/engine.js';
import type { AppData } from '../db/appData.js';
import { LYRICS_MODEL } from './lyrics.model.js';

const lyricsModel = (data: AppData) => data.model(LYRICS_MODEL);

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
export async function lyricsOf(data: AppData, songId: string): Promise<StoredLyrics | null> {
  return lyricsModel(data).findById(songId).lean<StoredLyrics>();
}

/** Stores a song's lyrics whole (a primary-key upsert). */
export async function saveLyrics(data: AppData, songId: string, record: LyricsRecord): Promise<void> {
  await lyricsModel(data).replaceOne({ _id: songId }, { _id: songId, ...record, checkedAt: new Date() }, { upsert: true });
}

/**
 * Replaces the record unless `keep` says the stored one must stay (an admin's upload or removal
 * against a rescan). Read and write run under the song's lyrics lock.
 */
export async function saveLyricsUnless(data: AppData, songId: string, record: LyricsRecord | null, keep: (stored: StoredLyrics) => boolean): Promise<boolean> {
  return serialised(`${data.name}:lyrics:${songId}`, async () => {
    const stored = await lyricsOf(data, songId);
    if (stored && keep(stored)) return false;
    if (record) await saveLyrics(data, songId, record);
    else if (stored) await lyricsModel(data).deleteOne({ _id: songId });
    return true;
  });
}

export async function saveLyricsLocked(data: AppData, songId: string, record: LyricsRecord): Promise<void> {
  await serialised(`${data.name}:lyrics:${songId}`, () => saveLyrics(data, songId, record));
}

export async function deleteLyricsOf(data: AppData, songId: string): Promise<void> {
  await lyricsModel(data).deleteOne({ _id: songId });
}
