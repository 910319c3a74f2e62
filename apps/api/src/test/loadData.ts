import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { signToken } from '../auth/jwt.js';
import { seedDatabase } from '../cli/seed.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { createPlaylistStore } from '../playlists/playlists.service.js';
import { createAppCatalogue } from '../appCatalogue.js';
import { AppData } from '../db/appData.js';

import { spawnApiServer, type SpawnedServer } from './spawnServer.js';

export const LOAD_JWT_SECRET = 'load-test-secret-0123456789abcdef0123456789abcdef';

export interface LoadData {
  songIds: string[];
  users: { _id: string; token: string }[];
  audioFile: string;
}

/**
 * Seeds the connected database for load and fault tests (songs and listeners through the seed
 * command's module, two playlists per listener) and writes a 1 MB audio file into the media
 * store under `dataDir`. Tokens are signed with LOAD_JWT_SECRET.
 */
export async function seedLoadData(
  dataDir: string,
  counts: { songs: number; users: number },
): Promise<LoadData> {
  const data = new AppData();
  const catalogue = createAppCatalogue({ data });
  const seeded = await seedDatabase(catalogue, { songs: counts.songs, users: counts.users, reset: true }, data);
  const songIds = (await catalogue.snapshot()).songs.map((song) => song._id);
  const docs = seeded.listeners;
  await insertPlaylists(
    createPlaylistStore(data),
    docs.flatMap((user, u) =>
      [0, 1].map((p) => ({
        name: `Mix ${p}`,
        desc: '',
        img: '',
        user: user._id,
        songIds: Array.from({ length: 10 }, (_, k) => songIds[(u * 7 + p * 3 + k) % songIds.length]!),
      })),
    ),
  );
  const audioDir = path.join(dataDir, 'media', 'audio');
  fs.mkdirSync(audioDir, { recursive: true });
  const audioFile = 'load-1mb.mp3';
  fs.writeFileSync(path.join(audioDir, audioFile), crypto.randomBytes(1024 * 1024));
  return {
    songIds,
    users: docs.map((u) => ({
      _id: u._id,
      token: signToken({ _id: u._id, name: u.name, isAdmin: false }, LOAD_JWT_SECRET, '1d'),
    })),
    audioFile,
  };
}

/** Starts the production build for a load or fault test on `dbName`, with rate limits off. */
export function spawnLoadApi(
  work: string,
  mongodbUri: string,
  dbName: string,
): Promise<SpawnedServer> {
  return spawnApiServer(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: work,
      MONGODB_URI: mongodbUri,
      MONGODB_DB_NAME: dbName,
      JWT_SECRET: LOAD_JWT_SECRET,
      SEED_DEMO: 'false',
      RATE_LIMITS: 'false',
    },
    { logFile: path.join(work, 'api.log') },
  );
}
