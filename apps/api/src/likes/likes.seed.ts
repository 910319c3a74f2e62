import type { AppData } from '../db/appData.js';
import { LIKE_MODEL } from './like.model.js';

/*
 * Bulk empties for the seed (cli/seed.ts): no request reaches them, so they stay out of the
 * repository the app's requests go through.
 */

/** Removes every like (seed --reset). */
export async function deleteAllLikes(data: AppData): Promise<void> {
  await data.model(LIKE_MODEL).deleteMany({});
}
