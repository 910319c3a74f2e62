import { insertSongs } from '../songs/songs.repo.js';
import { generateSongs } from '../songs/generateSongs.js';
import { clearDatabase } from './db.js';
import { createUser, type TestUser } from './context.js';

/**
 * A fresh catalogue for listener-feature tests: empties the database, then adds two listeners
 * and `count` generated songs (`generateSongs(count, seed)`). Call from `beforeEach`.
 */
export async function listenersWithSongs(
  count: number,
  seed: number,
): Promise<{ alice: TestUser; bob: TestUser; songIds: string[] }> {
  await clearDatabase();
  const alice = await createUser();
  const bob = await createUser();
  return { alice, bob, songIds: await insertSongs(generateSongs(count, seed)) };
}
