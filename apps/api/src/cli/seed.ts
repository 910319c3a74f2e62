/**
 * Fills the database with a generated catalogue and verified listeners:
 *
 *   npm run seed -- --songs 10000 [--users 1000] [--reset]
 *
 * Connects like the server does (settings from the environment and .env of the directory npm was
 * run from), so run it while the server is stopped, or point both at MONGODB_URI.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import bcrypt from 'bcrypt';
import mongoose from 'mongoose';
import { escapeRegExp } from '@samaa/shared';
import { loadConfig } from '../config/config.js';
import { connectMongoose } from '../db/connection.js';
import { startDatabase } from '../db/provider.js';
import { createLogger } from '../logger.js';
import { LikeModel } from '../likes/like.model.js';
import { PlaylistModel } from '../playlists/playlist.model.js';
import { UserPlaylistsModel } from '../playlists/userPlaylists.model.js';
import { SongModel } from '../songs/song.model.js';
import { bumpSongsVersion } from '../songs/catalogueVersion.js';
import { generateSongs, personName, seededRandom, type SongMedia } from '../songs/generateSongs.js';
import { writeDemoMedia } from '../media/demoSeed.js';
import { UserModel } from '../users/user.model.js';

/** Every seeded listener's password (meets the registration rules). */
export const SEED_PASSWORD = 'Listen3r!Samaa';
/** Seeded listeners live under this domain, so --reset removes them and nobody else. */
export const SEED_EMAIL_DOMAIN = 'seed.samaa.local';
const BATCH = 1000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SeedOptions {
  songs: number;
  users: number;
  reset: boolean;
  /** Cover and audio the generated songs cycle through (the command passes the demo media). */
  media?: SongMedia[];
}

export interface SeedResult {
  songs: number;
  users: number;
  /** Emails of the listeners created, in order. */
  userEmails: string[];
  password: string;
}

const seededEmail = new RegExp(`@${escapeRegExp(SEED_EMAIL_DOMAIN)}$`);

async function inBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await insert(items.slice(i, i + BATCH));
}

async function seedSongs(count: number, seed: number, media: SongMedia[] = []): Promise<void> {
  const now = Date.now();
  // Spread over the past months, the last one newest, so "newest first" reads naturally.
  const songs = generateSongs(count, seed, media).map((song, i) => {
    const at = new Date(now - (count - i) * 37 * MINUTE);
    return { ...song, createdAt: at, updatedAt: at };
  });
  await inBatches(songs, (batch) => SongModel.insertMany(batch, { lean: true }));
}

async function seedUsers(count: number, seed: number): Promise<string[]> {
  const hash = await bcrypt.hash(SEED_PASSWORD, 10);
  const offset = await UserModel.countDocuments({ email: seededEmail });
  const rand = seededRandom(seed);
  const genders = ['female', 'male', 'non-binary'] as const;
  const now = Date.now();
  const users = Array.from({ length: count }, (_, i) => {
    // Signups over the last 45 days, for the admin analytics chart.
    const at = new Date(now - Math.floor(rand() * 45 * DAY));
    return {
      name: personName(rand),
      email: `listener${offset + i + 1}@${SEED_EMAIL_DOMAIN}`,
      password: hash,
      gender: genders[i % genders.length]!,
      verified: true,
      isAdmin: false,
      createdAt: at,
      updatedAt: at,
    };
  });
  await inBatches(users, (batch) => UserModel.insertMany(batch, { lean: true }));
  return users.map((u) => u.email);
}

/** Seeds the connected database. --reset first removes every song, like and playlist, and the seeded listeners. */
export async function seedDatabase(opts: SeedOptions): Promise<SeedResult> {
  if (opts.reset) {
    await Promise.all([
      SongModel.deleteMany({}),
      LikeModel.deleteMany({}),
      PlaylistModel.deleteMany({}),
      UserPlaylistsModel.deleteMany({}),
      UserModel.deleteMany({ email: seededEmail }),
    ]);
  }
  const seed = (await SongModel.estimatedDocumentCount()) + 1;
  if (opts.songs > 0) await seedSongs(opts.songs, seed, opts.media);
  const userEmails = opts.users > 0 ? await seedUsers(opts.users, seed) : [];
  // Running API processes on the same database refresh their cached song list.
  await bumpSongsVersion();
  return { songs: opts.songs, users: opts.users, userEmails, password: SEED_PASSWORD };
}

const USAGE = 'Usage: npm run seed -- --songs N [--users N] [--reset]';

function count(value: string | undefined, flag: string): number {
  if (value === undefined) return 0;
  if (!/^\d{1,7}$/.test(value)) throw new Error(`${flag} must be a whole number (got "${value}")\n${USAGE}`);
  return Number(value);
}

export function parseSeedArgs(args: string[]): SeedOptions {
  const { values } = parseArgs({
    args,
    options: { songs: { type: 'string' }, users: { type: 'string' }, reset: { type: 'boolean', default: false } },
    strict: true,
  });
  const opts = { songs: count(values.songs, '--songs'), users: count(values.users, '--users'), reset: Boolean(values.reset) };
  if (!opts.songs && !opts.users && !opts.reset) throw new Error(USAGE);
  return opts;
}

async function main() {
  let opts: SeedOptions;
  try {
    opts = parseSeedArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  // npm runs workspace scripts inside apps/api; settings resolve from where npm was run, as for `npm start`.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  try {
    process.loadEnvFile(path.join(cwd, '.env'));
  } catch {
    /* no .env file */
  }
  const config = loadConfig(process.env, cwd);
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const db = await startDatabase({ persistent: true, dataDir: config.dataDir, mongodbUri: config.mongodbUri, logger });
  try {
    await connectMongoose(db.uri, config.mongodbDbName);
    const started = Date.now();
    // Generated songs play our own demo files, so a seeded install works offline.
    const media = opts.songs > 0 ? await writeDemoMedia(config) : [];
    const result = await seedDatabase({ ...opts, media });
    console.log(`Database: ${db.engine}, ${config.mongodbDbName}`);
    if (opts.reset) console.log('Removed every song, like and playlist, and the seeded listeners.');
    console.log(`Inserted ${result.songs} songs and ${result.users} verified listeners in ${Date.now() - started} ms.`);
    if (result.users > 0) {
      console.log(`Listeners: ${result.userEmails[0]} … ${result.userEmails.at(-1)}, password: ${result.password}`);
    }
  } finally {
    await mongoose.disconnect();
    await db.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
