import { LikeModel } from './like.model.js';

/*
 * Bulk empties for the seed (cli/seed.ts): no request reaches them, so they stay out of the
 * repository the app's requests go through.
 */

/** Removes every like (seed --reset). */
export async function deleteAllLikes(): Promise<void> {
  await LikeModel.deleteMany({});
}
