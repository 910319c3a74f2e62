import { addSongs, type SongWriter } from '../songs/songs.service.js';
import { generateSongs } from '../songs/generateSongs.js';
import { clearDatabase } from './db.js';
import { createUser, type TestUser } from './context.js';

/**
 * A fresh catalogue for listener-feature tests: empties the database, then adds two listeners
 * and `count` generated songs (`generateSongs(count, seed)`), published to the app's catalogue. Call from `beforeEach`.
 */
export async function listenersWithSongs(
  app: SongWriter,
  count: number,
  seed: number,
): Promise<{ alice: TestUser; bob: TestUser; songIds: string[] }> {
  await clearDatabase();
  const alice = await createUser();
  const bob = await createUser();
  return { alice, bob, songIds: await addSongs(app, generateSongs(count, seed)) };
}
