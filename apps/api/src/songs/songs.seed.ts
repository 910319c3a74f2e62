import type { AppData } from '../db/appData.js';
import { SONG_MODEL } from './song.model.js';

/*
 * Bulk empties for the seed (cli/seed.ts): no request reaches them, so they stay out of the
 * repository the app's requests go through. Bulk inserts stay in songs.repo.ts: the scanner and
 * the admin's bulk add use them too.
 */

/** Empties the catalogue (seed --reset). Callers cascade into playlists and likes, and publish the change to their catalogue. */
export async function deleteAllSongs(data: AppData): Promise<void> {
  await data.model(SONG_MODEL).deleteMany({});
}
