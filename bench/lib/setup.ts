import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createApiKey } from '../../apps/api/src/apiKeys/apiKeys.service.js';
import { keySealer } from '../../apps/api/src/apiKeys/keySeal.js';
import { signToken } from '../../apps/api/src/auth/jwt.js';
import { seedDatabase } from '../../apps/api/src/cli/seed.js';
import { connectMongoose, disconnectDatabase } from '../../apps/api/src/db/connection.js';
import { insertPlaylists } from '../../apps/api/src/playlists/playlists.seed.js';
import { createPlaylistStore } from '../../apps/api/src/playlists/playlists.service.js';
import { createSong } from '../../apps/api/src/songs/songs.service.js';
import { createAppCatalogue } from '../../apps/api/src/appCatalogue.js';
import { AppData } from '../../apps/api/src/db/appData.js';

export const BENCH_DB = 'samaa_bench';
export const JWT_SECRET = crypto.randomBytes(32).toString('hex');
export const MEDIA_FILE = 'bench-5mb.mp3';
export const MEDIA_BYTES = 5 * 1024 * 1024;

/** The environment the bench's API runs with on the shared engine (as a multi-process deployment is configured). */
export function benchApiEnv(dataDir: string, dbUri: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    MONGODB_URI: dbUri,
    MONGODB_DB_NAME: BENCH_DB,
    JWT_SECRET,
    SEED_DEMO: 'false',
    RATE_LIMITS: 'false',
    ...extra,
  };
}

export interface Dataset {
  songIds: string[];
  /** Tokens of seeded listeners (signed with the server's JWT_SECRET). */
  tokens: string[];
  /** Seeded listeners' emails, for the login case. */
  emails: string[];
  password: string;
  mediaPath: string;
  /** Subsonic API keys of the first 100 listeners. */
  apiKeys: string[];
  /** A song whose audio is the media file, for the Subsonic stream case. */
  streamSongId: string;
}

/**
 * 10,000 songs and 1,000 verified listeners through the seed command's module, three playlists of
 * 20 songs for each of the first 300 listeners, and a 5 MB file in the media store.
 */
export async function seed(
  uri: string,
  dataDir: string,
  counts: { songs: number; users: number },
): Promise<Dataset> {
  await connectMongoose(uri, BENCH_DB);
  const data = new AppData();
  const catalogue = createAppCatalogue({ data });
  const result = await seedDatabase(catalogue, { songs: counts.songs, users: counts.users, reset: true }, data);
  const songIds = (await catalogue.snapshot()).songs.map((song) => song._id);
  const users = result.listeners;
  const playlists = users.slice(0, 300).flatMap((user, u) =>
    [0, 1, 2].map((p) => ({
      name: `Mix ${p + 1}`,
      desc: 'Benchmark playlist',
      img: '',
      user: user._id,
      songIds: Array.from(
        { length: 20 },
        (_, k) => songIds[(u * 97 + p * 31 + k * 13) % songIds.length]!,
      ),
    })),
  );
  await insertPlaylists(createPlaylistStore(data), playlists);
  const tokens = users.map((user) =>
    signToken({ _id: user._id, name: user.name, isAdmin: false }, JWT_SECRET, '1d'),
  );
  const apiKeys = await Promise.all(users.slice(0, 100).map(async (user) => (await createApiKey({ data, keySealer: keySealer(JWT_SECRET) }, user._id, { name: 'Bench' })).key));
  const streamSong = await createSong({ data, catalogue }, {
    name: 'Bench stream',
    artist: 'Bench',
    img: 'https://images.example.com/bench.jpg',
    song: `/media/audio/${MEDIA_FILE}`,
  });
  await disconnectDatabase();

  const audioDir = path.join(dataDir, 'media', 'audio');
  fs.mkdirSync(audioDir, { recursive: true });
  const mediaPath = path.join(audioDir, MEDIA_FILE);
  fs.writeFileSync(mediaPath, crypto.randomBytes(MEDIA_BYTES));
  return {
    songIds,
    tokens,
    emails: users.map((u) => u.email),
    password: result.password,
    mediaPath,
    apiKeys,
    streamSongId: streamSong._id,
  };
}
