import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LYRICS_MESSAGES } from '@samaa/shared';
import { startLrclibFake, type LrclibFake } from '@samaa/test-fakes';
import { clearDatabase, useTestDatabase, storedModel } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { createSong } from '../songs/songs.service.js';
import { LYRICS_MODEL } from './lyrics.model.js';

const LyricsModel = storedModel(LYRICS_MODEL);

useTestDatabase();
let lrclib: LrclibFake;
let app: ReturnType<typeof createTestApp>['app'];
let ctx: ReturnType<typeof createTestApp>['ctx'];
let admin: TestUser;
let listener: TestUser;

const SYNCED = '[00:01.00]First line\n[00:03.50]Second line\n[00:06.00]Third line';

beforeAll(async () => {
  lrclib = await startLrclibFake();
  ({ app, ctx } = createTestApp({ LYRICS_API_URL: lrclib.url, LYRICS_API_TIMEOUT_MS: '300' }));
  await clearDatabase();
  [admin, listener] = await Promise.all([createUser({ admin: true }), createUser()]);
});
afterAll(() => lrclib.close());
beforeEach(() => lrclib.reset());

const remoteSong = (name: string, artist = 'The Fakes') =>
  createSong(ctx, { name, artist, album: 'Wire Format', duration: 200, img: 'https://example.com/c.jpg', song: 'https://example.com/a.mp3' });

describe('lyrics from the LRCLIB-compatible service', () => {
  it('found: asks once by artist, title, album and duration, stores the answer on the song', async () => {
    lrclib.add({ trackName: 'Found Song', artistName: 'The Fakes', albumName: 'Wire Format', duration: 201, plainLyrics: 'First line', syncedLyrics: SYNCED });
    const song = await remoteSong('Found Song');
    const res = await request(app).get(`/api/songs/${song._id}/lyrics`).expect(200);
    expect(res.body).toEqual({
      synced: true,
      source: 'lrclib',
      lines: [
        { start: 1000, text: 'First line' },
        { start: 3500, text: 'Second line' },
        { start: 6000, text: 'Third line' },
      ],
    });
    expect(lrclib.requests).toEqual(['/api/get?artist_name=The+Fakes&track_name=Found+Song&album_name=Wire+Format&duration=200']);
    await request(app).get(`/api/songs/${song._id}/lyrics`).expect(200);
    expect((await request(app).get(`/api/songs/${song._id}/lyrics?optional=1`).expect(200)).body.source).toBe('lrclib');
    expect(lrclib.requests).toHaveLength(1);
  });

  it('not found: a 404 with the message, and "none found" is cached (the service is not asked again)', async () => {
    const song = await remoteSong('Unknown Song');
    const first = await request(app).get(`/api/songs/${song._id}/lyrics`).expect(404);
    expect(first.body.message).toBe(LYRICS_MESSAGES.none);
    await request(app).get(`/api/songs/${song._id}/lyrics`).expect(404);
    expect(lrclib.requests).toHaveLength(1);
    expect(await LyricsModel.findById(song._id).lean()).toMatchObject({ source: 'none' });
    // The player asks with ?optional=1: no lyrics is a 204 for it, an unknown song still a 404.
    const quiet = await request(app).get(`/api/songs/${song._id}/lyrics?optional=1`).expect(204);
    expect(quiet.text).toBe('');
    await request(app).get('/api/songs/64b000000000000000000001/lyrics?optional=1').expect(404);
    expect(lrclib.requests).toHaveLength(1);
  });

  it('timeout: the listener gets the plain 404, nothing is cached, a later play asks again', async () => {
    lrclib.add({ trackName: 'Slow Song', artistName: 'The Fakes', albumName: 'Wire Format', duration: 200, plainLyrics: 'Late words', syncedLyrics: null });
    lrclib.setDelay(1500);
    const song = await remoteSong('Slow Song');
    const res = await request(app).get(`/api/songs/${song._id}/lyrics`).expect(404);
    expect(res.body.message).toBe(LYRICS_MESSAGES.none);
    expect(await LyricsModel.findById(song._id).lean()).toBeNull();
    lrclib.setDelay(0);
    const later = await request(app).get(`/api/songs/${song._id}/lyrics`).expect(200);
    expect(later.body).toEqual({ synced: false, source: 'lrclib', lines: [{ text: 'Late words' }] });
    expect(lrclib.requests).toHaveLength(2);
  });

  it('is off by default: no service, no request', async () => {
    const { app: plain } = createTestApp();
    const song = await remoteSong('Offline Song');
    await request(plain).get(`/api/songs/${song._id}/lyrics`).expect(404);
    expect(lrclib.requests).toHaveLength(0);
  });
});

describe('admin upload, replace and remove', () => {
  it('uploads an .lrc (UTF-16 with BOM), replaces it with plain text, removes it; only admins', async () => {
    const song = await remoteSong('Uploaded Song');
    const lrc = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[ti:Uploaded]\r\n[00:02.00]Sung line\r\n', 'utf16le')]);
    await request(app).put(`/api/songs/${song._id}/lyrics`).set('content-type', 'application/octet-stream').send(lrc).expect(401);
    await request(app).put(`/api/songs/${song._id}/lyrics`).set('x-auth-token', listener.token).set('content-type', 'application/octet-stream').send(lrc).expect(403);
    const put = await request(app).put(`/api/songs/${song._id}/lyrics`).set('x-auth-token', admin.token).set('content-type', 'application/octet-stream').send(lrc).expect(200);
    expect(put.body).toEqual({ message: LYRICS_MESSAGES.saved, data: { synced: true, source: 'upload', lines: [{ start: 2000, text: 'Sung line' }] } });
    expect((await request(app).get(`/api/songs/${song._id}/lyrics`).expect(200)).body.lines).toEqual([{ start: 2000, text: 'Sung line' }]);

    await request(app).put(`/api/songs/${song._id}/lyrics`).set('x-auth-token', admin.token).set('content-type', 'text/plain').send('Just words\nMore words').expect(200);
    expect((await request(app).get(`/api/songs/${song._id}/lyrics`)).body).toEqual({ synced: false, source: 'upload', lines: [{ text: 'Just words' }, { text: 'More words' }] });

    await request(app).delete(`/api/songs/${song._id}/lyrics`).set('x-auth-token', listener.token).expect(403);
    const del = await request(app).delete(`/api/songs/${song._id}/lyrics`).set('x-auth-token', admin.token).expect(200);
    expect(del.body.message).toBe(LYRICS_MESSAGES.removed);
    expect((await request(app).get(`/api/songs/${song._id}/lyrics`).expect(404)).body.message).toBe(LYRICS_MESSAGES.none);
    expect(lrclib.requests).toHaveLength(0);
  });

  it('refuses what is not lyrics, too large or empty with a clear 4xx, and leaves the lyrics as they were', async () => {
    const song = await remoteSong('Guarded Song');
    const auth = { 'x-auth-token': admin.token, 'content-type': 'application/octet-stream' };
    await request(app).put(`/api/songs/${song._id}/lyrics`).set(auth).send(Buffer.from('[00:01.00]Kept')).expect(200);
    const binary = await request(app).put(`/api/songs/${song._id}/lyrics`).set(auth).send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])).expect(400);
    expect(binary.body.message).toContain(LYRICS_MESSAGES.notLyrics);
    const big = await request(app).put(`/api/songs/${song._id}/lyrics`).set(auth).send(Buffer.alloc(300 * 1024, 0x41)).expect(413);
    expect(big.body.message).toBe(LYRICS_MESSAGES.tooLarge);
    expect((await request(app).put(`/api/songs/${song._id}/lyrics`).set(auth).send(Buffer.alloc(0)).expect(400)).body.message).toBe(LYRICS_MESSAGES.empty);
    expect((await request(app).get(`/api/songs/${song._id}/lyrics`)).body.lines).toEqual([{ start: 1000, text: 'Kept' }]);
  });

  it('answers 404 for an unknown song and 400 for a malformed id; a deleted song takes its lyrics along', async () => {
    await request(app).get('/api/songs/64b000000000000000000000/lyrics').expect(404);
    await request(app).get('/api/songs/not-an-id/lyrics').expect(400);
    const song = await remoteSong('Deleted Song');
    await request(app).put(`/api/songs/${song._id}/lyrics`).set({ 'x-auth-token': admin.token, 'content-type': 'text/plain' }).send('Gone soon').expect(200);
    await request(app).delete(`/api/songs/${song._id}`).set('x-auth-token', admin.token).expect(200);
    expect(await LyricsModel.findById(song._id).lean()).toBeNull();
  });
});
