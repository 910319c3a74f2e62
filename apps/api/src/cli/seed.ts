/**
 * Fills the database with a generated catalogue and verified listeners:
 *
 *   npm run seed -- --songs 10000 [--per-album 10] [--users 1000] [--reset]
 *
 * --per-album N tags the songs as albums of N tracks (album artist, album, disc and track, year,
 * genre), so the album, artist and genre pages have something to show.
 *
 * Connects like the server does (settings from the environment and .env of the directory npm was
 * run from), so run it while the server is stopped, or point both at MONGODB_URI.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { UserRecord } from '@samaa/shared';
import { hashPassword } from '../auth/password.js';
import { loadConfig } from '../config/config.js';
import { dataStartup } from '../dataStartup.js';
import { openDatabase } from '../db/open.js';
import { createLogger } from '../logger.js';
import { deleteAllLikes } from '../likes/likes.seed.js';
import { deleteAllPlaylists } from '../playlists/playlists.seed.js';
import { createPlaylistStore } from '../playlists/playlists.service.js';
import { countSongs, insertSongs } from '../songs/songs.repo.js';
import { AppData } from '../db/appData.js';
import type { Catalogue } from '../songs/catalogue.js';
import { catalogueSnapshotFile, createAppCatalogue } from '../appCatalogue.js';
import { deleteAllSongs } from '../songs/songs.seed.js';
import { generateSongs, personName, seededRandom, withAlbums, type SongMedia } from '../songs/generateSongs.js';
import { writeDemoMedia } from '../media/demoSeed.js';
import { countUsersAtDomain, deleteUsersAtDomain, insertUsers } from '../users/users.seed.js';
import { deleteVerificationTokensOf } from '../users/verificationTokens.repo.js';

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
  /** Tag the songs as albums of this many tracks; 0 or absent: no album tags. */
  perAlbum?: number;
  /** Cover and audio the generated songs cycle through (the command passes the demo media). */
  media?: SongMedia[];
}

export interface SeedResult {
  songs: number;
  users: number;
  /** Emails of the listeners created, in order. */
  userEmails: string[];
  /** The listeners created, in order. */
  listeners: UserRecord[];
  password: string;
}

async function inBatches<T, R>(items: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(...(await insert(items.slice(i, i + BATCH))));
  return out;
}

async function seedSongs(data: AppData, count: number, seed: number, media: SongMedia[] = [], perAlbum = 0): Promise<void> {
  const now = Date.now();
  const generated = generateSongs(count, seed, media);
  const tagged = perAlbum > 0 ? withAlbums(generated, seed, perAlbum) : generated;
  // Spread over the past months, the last one newest, so "newest first" reads naturally.
  const songs = tagged.map((song, i) => {
    const at = new Date(now - (count - i) * 37 * MINUTE);
    return { ...song, createdAt: at, updatedAt: at };
  });
  await inBatches(songs, async (batch) => (await insertSongs(data, batch)).ids);
}

async function seedUsers(data: AppData, count: number, seed: number): Promise<UserRecord[]> {
  const hash = await hashPassword(SEED_PASSWORD);
  const offset = await countUsersAtDomain(data, SEED_EMAIL_DOMAIN);
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
  return inBatches(users, (batch) => insertUsers(data, batch));
}

/**
 * Seeds the connected database. --reset first removes every song, like and playlist, and the
 * seeded listeners. The songs are published to `catalogue` once, at the end (a server on the same
 * database sees the version move). `data` is where they go: the catalogue's (default: Mongoose's
 * default connection).
 */
export async function seedDatabase(catalogue: Catalogue, opts: SeedOptions, data = new AppData()): Promise<SeedResult> {
  if (opts.reset) {
    await Promise.all([deleteAllSongs(data), deleteAllLikes(data), deleteAllPlaylists(createPlaylistStore(data))]);
    const removed = await deleteUsersAtDomain(data, SEED_EMAIL_DOMAIN);
    await Promise.all(removed.map((id) => deleteVerificationTokensOf(data, id)));
  }
  const seed = (await countSongs(data)) + 1;
  if (opts.songs > 0) await seedSongs(data, opts.songs, seed, opts.media, opts.perAlbum);
  if (opts.reset || opts.songs > 0) await catalogue.apply();
  const listeners = opts.users > 0 ? await seedUsers(data, opts.users, seed) : [];
  const userEmails = listeners.map((user) => user.email);
  return { songs: opts.songs, users: opts.users, userEmails, listeners, password: SEED_PASSWORD };
}

const USAGE = 'Usage: npm run seed -- --songs N [--per-album N] [--users N] [--reset]';

function count(value: string | undefined, flag: string, digits = 7): number {
  if (value === undefined) return 0;
  if (!new RegExp(`^\\d{1,${digits}}$`).test(value)) throw new Error(`${flag} must be a whole number (got "${value}")\n${USAGE}`);
  return Number(value);
}

function perAlbum(value: string | undefined): number {
  const tracks = count(value, '--per-album', 3);
  if (value !== undefined && tracks < 1) throw new Error(`--per-album must be 1 to 999 (got "${value}")\n${USAGE}`);
  return tracks;
}

export function parseSeedArgs(args: string[]): SeedOptions {
  const { values } = parseArgs({
    args,
    options: {
      songs: { type: 'string' },
      'per-album': { type: 'string' },
      users: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const opts = {
    songs: count(values.songs, '--songs'),
    perAlbum: perAlbum(values['per-album']),
    users: count(values.users, '--users'),
    reset: Boolean(values.reset),
  };
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
  const db = await openDatabase(config, logger, 'npm run seed', dataStartup);
  try {
    const started = Date.now();
    // Generated songs play our own demo files, so a seeded install works offline.
    const media = opts.songs > 0 ? await writeDemoMedia(config) : [];
    const catalogue = createAppCatalogue({ data: db.data, snapshotFile: catalogueSnapshotFile(config) });
    const result = await seedDatabase(catalogue, { ...opts, media }, db.data);
    console.log(`Database: ${db.engine}, ${config.mongodbDbName}`);
    if (opts.reset) console.log('Removed every song, like and playlist, and the seeded listeners.');
    const albums = opts.perAlbum ? ` in albums of ${opts.perAlbum}` : '';
    console.log(`Inserted ${result.songs} songs${albums} and ${result.users} verified listeners in ${Date.now() - started} ms.`);
    if (result.users > 0) {
      console.log(`Listeners: ${result.userEmails[0]} … ${result.userEmails.at(-1)}, password: ${result.password}`);
    }
    // The song list as the server keeps it on disk, so its next start serves it without a scan.
    await catalogue.snapshot();
    await catalogue.written();
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
