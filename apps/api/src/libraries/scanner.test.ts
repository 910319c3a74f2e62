import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COVER_PATH, type Song } from '@samaa/shared';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { coverArtPng } from '../media/demo/coverArt.js';
import { flacWithComments, taggedMp3, writeFile, mp3Frames } from '../test/musicFiles.js';

useTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-music-'));
const { app, ctx } = createTestApp({ MUSIC_DIRS: root });
const runtime = ctx.libraries;
const library = runtime.folders[0]!;
const warnings = vi.spyOn(ctx.logger, 'warn');
const loggedUnreadable = (file: string) => warnings.mock.calls.filter(([fields]) => (fields as { file?: string }).file === file).length;

let admin: TestUser;
let listener: TestUser;
const cover = coverArtPng({ from: [200, 40, 40], to: [40, 40, 200], accent: [255, 255, 255], motif: 'waves' });
const T0 = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  await clearDatabase();
  [admin, listener] = await Promise.all([createUser({ admin: true }), createUser()]);
  writeFile(root, 'Aurora Vale/Stripes/01 - Zebra.mp3', taggedMp3({ title: 'Zebra Crossing', artist: 'Aurora Vale', album: 'Stripes', trackNumber: 1, year: 2024, cover: { mime: 'image/png', data: cover } }), T0);
  writeFile(root, 'Aurora Vale/Stripes/02 - Tiger.mp3', taggedMp3({ version: 3, title: 'Tiger Lines', artist: 'Aurora Vale', album: 'Stripes', trackNumber: 2, year: 2024 }), T0);
  writeFile(root, 'The Lanterns/Night Songs/03 Moonrise.flac', flacWithComments({ TITLE: 'Moonrise', ARTIST: 'The Lanterns', ALBUM: 'Night Songs', TRACKNUMBER: '3', DATE: '2019', REPLAYGAIN_TRACK_GAIN: '-3.20 dB' }), T0);
  writeFile(root, 'The Lanterns/Night Songs/cover.png', coverArtPng({ from: [10, 10, 10], to: [90, 200, 90], accent: [255, 255, 0], motif: 'sunset' }));
  writeFile(root, 'Loose/Nameless Band - Quiet Hour.mp3', mp3Frames(), T0);
  writeFile(root, 'broken.mp3', 'this is not audio at all', T0);
  writeFile(root, '.hidden/skipped.mp3', taggedMp3({ title: 'Hidden' }), T0);
  writeFile(root, 'notes.txt', 'liner notes');
  fs.symlinkSync('/etc/passwd', path.join(root, 'Loose', 'escape.mp3'));
});
afterAll(() => runtime.stop());

/**
 * Rewrites a file as taggers and sync tools do, through a new file renamed over it: its directory's
 * mtime moves, so a rescan lists it (an edit in place is left to the watcher or a full rescan).
 */
function replaceFile(relative: string, data: Buffer, mtime: Date): void {
  const file = path.join(root, ...relative.split('/'));
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.part`);
  fs.writeFileSync(temporary, data);
  fs.utimesSync(temporary, mtime, mtime);
  fs.renameSync(temporary, file);
}

async function scan(): Promise<void> {
  runtime.scan(library.id);
  await runtime.idle();
}

async function catalogue(): Promise<Song[]> {
  const res = await request(app).get('/api/songs');
  return (res.body.data as Song[]).filter((song) => song.song.startsWith('/media/library/'));
}

const summary = (songs: Song[]) =>
  songs
    .map((s) => [s.name, s.artist, s.album ?? null, s.trackNumber ?? null, s.year ?? null])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

const byName = async (name: string) => (await catalogue()).find((song) => song.name === name)!;

describe('music folder scan', () => {
  it('reads ID3v2.4, ID3v2.3, FLAC Vorbis comments and untagged files into the catalogue', async () => {
    await scan();
    expect(summary(await catalogue())).toEqual([
      ['Moonrise', 'The Lanterns', 'Night Songs', 3, 2019],
      ['Quiet Hour', 'Nameless Band', 'Loose', null, null],
      ['Tiger Lines', 'Aurora Vale', 'Stripes', 2, 2024],
      ['Zebra Crossing', 'Aurora Vale', 'Stripes', 1, 2024],
    ]);
    const zebra = await byName('Zebra Crossing');
    expect(zebra.img).toMatch(/^\/media\/images\/cover-[0-9a-f]{20}\.png$/);
    expect(zebra.duration).toBeGreaterThan(0);
    const moonrise = await byName('Moonrise');
    expect(moonrise).toMatchObject({ duration: 3, sampleRate: 44100, replayGainTrackGain: -3.2 });
    expect(moonrise.img).toMatch(/^\/media\/images\/cover-/);
    expect(moonrise.img).not.toBe(zebra.img);
    expect((await byName('Quiet Hour')).img).toBe(DEFAULT_COVER_PATH);
    expect((await request(app).get(DEFAULT_COVER_PATH).set('x-auth-token', listener.token)).status).toBe(200);
  });

  it('lists the folder for admins with its counts and the files it could not read', async () => {
    const res = await request(app).get('/api/admin/libraries').set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    const [view] = res.body.data;
    expect(view).toMatchObject({ id: library.id, name: path.basename(root), path: root, songs: 4, files: 5, scanning: false, errorCount: 1 });
    expect(view.errors).toEqual([{ path: 'broken.mp3', error: expect.any(String) }]);
    expect(view.lastScanAt).toEqual(expect.any(String));
    expect((await request(app).get('/api/admin/libraries').set('x-auth-token', listener.token)).status).toBe(403);
    expect((await request(app).post('/api/admin/libraries/nope/scan').set('x-auth-token', admin.token)).status).toBe(404);
    const started = await request(app).post(`/api/admin/libraries/${library.id}/scan`).set('x-auth-token', admin.token);
    expect(started.status).toBe(202);
    await runtime.idle();
    const malformed = await request(app).post(`/api/admin/libraries/${library.id}/scan`).set('x-auth-token', admin.token).send({ full: 'always' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/Full rescan/);
    // Logged once with its reason, by the scan that read it; the rescan did not read it again.
    expect(loggedUnreadable('broken.mp3')).toBe(1);
    expect(warnings.mock.calls.find(([fields]) => (fields as { file?: string }).file === 'broken.mp3')?.[0]).toMatchObject({ reason: view.errors[0].error });
  });

  it('serves folder songs with Range, and nothing outside the folder', async () => {
    const zebra = await byName('Zebra Crossing');
    const whole = await request(app).get(zebra.song).set('x-auth-token', listener.token);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    const part = await request(app).get(zebra.song).set('x-auth-token', listener.token).set('Range', 'bytes=0-99');
    expect(part.status).toBe(206);
    const base = `/media/library/${library.id}`;
    for (const attempt of [
      `${base}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `${base}/%2e%2e/%2e%2e/etc/passwd`,
      `${base}/Loose/..%2F..%2Fbroken.mp3`,
      `${base}/Loose/escape.mp3`,
      `${base}/notes.txt`,
      `${base}/.hidden/skipped.mp3`.replace('.hidden', '%2Ehidden/..'),
      `/media/library/0000000000/broken.mp3`,
      `${base}/%00.mp3`,
    ]) {
      const res = await request(app).get(attempt).set('x-auth-token', listener.token);
      expect(res.status, attempt).toBe(404);
      expect(res.text).not.toContain('root:');
    }
  });

  it('rescans only what changed, and keeps an admin edit over new tags', async () => {
    const tiger = await byName('Tiger Lines');
    const zebra = await byName('Zebra Crossing');
    await request(app)
      .put(`/api/songs/${tiger._id}`)
      .set('x-auth-token', admin.token)
      .send({ name: 'Tiger (Live)', artist: tiger.artist, img: tiger.img, song: tiger.song, album: 'Stripes', trackNumber: 2, year: 2024 })
      .expect(200);
    const T1 = new Date('2026-02-01T00:00:00Z');
    replaceFile('Aurora Vale/Stripes/02 - Tiger.mp3', taggedMp3({ version: 3, title: 'Tiger Lines', artist: 'Aurora Vale', album: 'Stripes', trackNumber: 2, year: 2025 }), T1);
    replaceFile('Aurora Vale/Stripes/01 - Zebra.mp3', taggedMp3({ title: 'Zebra Crossing (Remastered)', artist: 'Aurora Vale', album: 'Stripes', trackNumber: 1, year: 2024 }), T1);
    let reads = 0;
    const unsubscribe = countReads(() => (reads += 1));
    await scan();
    unsubscribe();
    expect(reads).toBe(2);
    const after = await catalogue();
    expect(after.find((s) => s._id === tiger._id)).toMatchObject({ name: 'Tiger (Live)', year: 2025 });
    expect(after.find((s) => s._id === zebra._id)).toMatchObject({ name: 'Zebra Crossing (Remastered)' });
    expect(after).toHaveLength(4);
  });

  it('follows a moved file with its song, playlists and likes, and cascades a deleted one', async () => {
    const zebra = await byName('Zebra Crossing (Remastered)');
    const tiger = await byName('Tiger (Live)');
    const playlist = await request(app).post('/api/playlists').set('x-auth-token', listener.token).send({ name: 'Stripes' });
    for (const songId of [zebra._id, tiger._id]) {
      await request(app).put('/api/playlists/add-song').set('x-auth-token', listener.token).send({ playlistId: playlist.body.data._id, songId }).expect(200);
      await request(app).put(`/api/songs/like/${songId}`).set('x-auth-token', listener.token).expect(200);
    }
    fs.mkdirSync(path.join(root, 'Favourites'));
    fs.renameSync(path.join(root, 'Aurora Vale/Stripes/01 - Zebra.mp3'), path.join(root, 'Favourites/Zebra.mp3'));
    fs.rmSync(path.join(root, 'Aurora Vale/Stripes/02 - Tiger.mp3'));
    await scan();

    const after = await catalogue();
    const moved = after.find((s) => s._id === zebra._id)!;
    expect(moved.song).toBe(`/media/library/${library.id}/Favourites/Zebra.mp3`);
    expect(moved.name).toBe('Zebra Crossing (Remastered)');
    expect(after.find((s) => s._id === tiger._id)).toBeUndefined();
    expect((await request(app).get(moved.song).set('x-auth-token', listener.token)).status).toBe(200);
    const own = await request(app).get(`/api/playlists/${playlist.body.data._id}`).set('x-auth-token', listener.token);
    expect(own.body.data.songs.map((s: Song) => s._id)).toEqual([zebra._id]);
    const liked = await request(app).get('/api/songs/like/ids').set('x-auth-token', listener.token);
    expect(liked.body.data).toEqual([zebra._id]);
  });

  it('does not bring back a song an admin deleted until its file changes', async () => {
    const moonrise = await byName('Moonrise');
    await request(app).delete(`/api/songs/${moonrise._id}`).set('x-auth-token', admin.token).expect(200);
    await scan();
    expect((await catalogue()).some((s) => s.name === 'Moonrise')).toBe(false);
    const retagged = flacWithComments({ TITLE: 'Moonrise', ARTIST: 'The Lanterns', ALBUM: 'Night Songs', TRACKNUMBER: '3', DATE: '2020' });
    replaceFile('The Lanterns/Night Songs/03 Moonrise.flac', retagged, new Date('2026-03-01T00:00:00Z'));
    await scan();
    expect(await byName('Moonrise')).toMatchObject({ year: 2020, album: 'Night Songs' });
  });

  it('picks up files added, changed and deleted while it watches', async () => {
    runtime.start();
    await runtime.idle();
    writeFile(root, 'New Arrivals/Fresh.mp3', taggedMp3({ title: 'Fresh Arrival', artist: 'Newcomer', album: 'Debut' }));
    await eventually(async () => (await catalogue()).some((s) => s.name === 'Fresh Arrival'));
    fs.rmSync(path.join(root, 'New Arrivals/Fresh.mp3'));
    await eventually(async () => !(await catalogue()).some((s) => s.name === 'Fresh Arrival'));
    // Edited in place, in a directory whose mtime does not move: the watcher names the directory.
    const loose = path.join(root, 'Loose');
    const { mtime } = fs.statSync(loose);
    fs.writeFileSync(path.join(loose, 'Nameless Band - Quiet Hour.mp3'), taggedMp3({ title: 'Quiet Hour (Edit)', artist: 'Nameless Band' }));
    expect(fs.statSync(loose).mtime).toEqual(mtime);
    await eventually(async () => (await catalogue()).some((s) => s.name === 'Quiet Hour (Edit)'));
  });
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the watched change did not show in time');
}

/** Counts the tag reads the runtime's reader makes (by wrapping its read). */
function countReads(onRead: () => void): () => void {
  const reader = runtime.reader();
  const original = reader.read.bind(reader);
  reader.read = (file) => {
    onRead();
    return original(file);
  };
  return () => {
    reader.read = original;
  };
}
