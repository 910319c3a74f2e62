import bcrypt from 'bcrypt';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { songSchema, type AlbumCard } from '@samaa/shared';
import { useTestDatabase, storedSongs, storedModel } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { generateSongs } from '../songs/generateSongs.js';
import { USER_MODEL } from '../users/user.model.js';
import { LIKE_MODEL } from '../likes/like.model.js';
import { insertLike } from '../likes/likes.repo.js';
import { SEED_PASSWORD, parseSeedArgs, seedDatabase } from './seed.js';

const UserModel = storedModel(USER_MODEL);
const LikeModel = storedModel(LIKE_MODEL);

const SongModel = storedSongs();

useTestDatabase();
const { app, ctx } = createTestApp();

describe('generateSongs', () => {
  it('generates valid, varied songs, the same ones for the same seed', () => {
    const songs = generateSongs(200, 42);
    for (const song of songs) expect(songSchema.validate(song).error).toBeUndefined();
    expect(new Set(songs.map((s) => s.name)).size).toBeGreaterThan(50);
    expect(new Set(songs.map((s) => s.artist)).size).toBeGreaterThan(50);
    expect(generateSongs(5, 42)).toEqual(songs.slice(0, 5));
  });
});

describe('parseSeedArgs', () => {
  it('reads --songs, --per-album, --users and --reset', () => {
    expect(parseSeedArgs(['--songs', '10000'])).toEqual({ songs: 10000, perAlbum: 0, users: 0, reset: false });
    expect(parseSeedArgs(['--users', '5', '--reset'])).toEqual({ songs: 0, perAlbum: 0, users: 5, reset: true });
    expect(parseSeedArgs(['--songs', '20000', '--per-album', '10'])).toMatchObject({ songs: 20000, perAlbum: 10 });
  });

  it.each([
    [[]],
    [['--songs', 'many']],
    [['--songs', '-1']],
    [['--bogus']],
    [['--songs', '10', '--per-album', '0']],
    [['--songs', '10', '--per-album', '1000']],
    [['--songs', '10', '--per-album']],
  ])('rejects %j', (args) => {
    expect(() => parseSeedArgs(args)).toThrow();
  });
});

describe('seedDatabase', () => {
  it('inserts songs in batches, newest first, and verified listeners who can log in', async () => {
    const before = (await ctx.catalogue.snapshot()).version;
    const result = await seedDatabase(ctx.catalogue, { songs: 1200, users: 3, reset: false }, ctx.data);
    expect((await ctx.catalogue.snapshot()).version).not.toBe(before);
    expect(result.songs).toBe(1200);
    expect(await SongModel.countDocuments()).toBe(1200);

    const page = await request(app).get('/api/songs?limit=3');
    expect(page.status).toBe(200);
    const newest = await SongModel.findOne().sort({ createdAt: -1 }).select('_id').lean();
    const oldest = await SongModel.findOne().sort({ createdAt: 1 }).select('createdAt').lean();
    expect(page.body.data[0]._id).toBe(String(newest!._id));
    // Spread over months rather than stamped with one instant.
    expect(Date.now() - oldest!.createdAt.getTime()).toBeGreaterThan(30 * 24 * 3600 * 1000);

    const user = await UserModel.findOne({ email: result.userEmails[0] }).select('+password').lean();
    expect(user?.verified).toBe(true);
    expect(await bcrypt.compare(SEED_PASSWORD, user!.password)).toBe(true);
  });

  it('--reset clears the catalogue, likes and seeded listeners, and nobody else', async () => {
    const real = await createUser();
    const song = await SongModel.findOne().lean();
    await insertLike(ctx.data, real._id, String(song!._id));
    const again = await seedDatabase(ctx.catalogue, { songs: 10, users: 2, reset: true }, ctx.data);
    expect(await SongModel.countDocuments()).toBe(10);
    expect(await LikeModel.countDocuments()).toBe(0);
    expect(await UserModel.exists({ _id: real._id })).not.toBeNull();
    expect(again.userEmails).toEqual(['listener1@seed.samaa.local', 'listener2@seed.samaa.local']);
  });

  it('--per-album tags the songs as albums the browse pages list, in disc and track order', async () => {
    await seedDatabase(ctx.catalogue, { songs: 95, perAlbum: 10, users: 1, reset: true }, ctx.data);
    const tagged = await SongModel.find({ album: { $exists: true } }).select('album albumArtist trackNumber').lean();
    expect(tagged).toHaveLength(95);

    const listener = await createUser();
    const browse = (url: string) => request(app).get(`/api/browse${url}`).set('x-auth-token', listener.token);
    const albums = await browse('/albums?sort=name&limit=100&page=1');
    expect(albums.status).toBe(200);
    // Ten albums: nine of ten tracks and the last of five, none of them "Singles".
    const sizes = (albums.body.data as AlbumCard[]).map((album) => album.songCount).sort((a, b) => a - b);
    expect(sizes).toEqual([5, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    const album = await browse(`/albums/${albums.body.data[0].id}`);
    const tracks = (album.body.songs as { discNumber: number; trackNumber: number }[]).map((s) => [s.discNumber, s.trackNumber]);
    expect(tracks).toEqual([...tracks].sort(([d1, t1], [d2, t2]) => d1! - d2! || t1! - t2!));
    expect(tracks[0]).toEqual([1, 1]);
  });
});
