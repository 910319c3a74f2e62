import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LYRICS_MESSAGES, type Song } from '@samaa/shared';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { flacWithComments, syltFrame, taggedMp3, usltFrame, writeFile } from '../test/musicFiles.js';

useTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-lyrics-'));
const { app, ctx } = createTestApp({ MUSIC_DIRS: root });
const runtime = ctx.libraries;
const library = runtime.folders[0]!;
const T0 = new Date('2026-01-01T00:00:00Z');
let admin: TestUser;

beforeAll(async () => {
  await clearDatabase();
  admin = await createUser({ admin: true });
  writeFile(root, 'sylt.mp3', taggedMp3({ title: 'Synced Tag', artist: 'Tagger', frames: [syltFrame([{ ms: 500, text: 'Hello' }, { ms: 1500, text: 'World' }])] }), T0);
  writeFile(root, 'uslt.mp3', taggedMp3({ title: 'Plain Tag', artist: 'Tagger', frames: [usltFrame('Line one\nLine two')] }), T0);
  writeFile(root, 'vorbis.flac', flacWithComments({ TITLE: 'Flac Lyrics', ARTIST: 'Tagger', LYRICS: '[00:00.50]Flac first\n[00:02.00]Flac second' }), T0);
  writeFile(root, 'sidecar.mp3', taggedMp3({ title: 'Sidecar Wins', artist: 'Tagger', frames: [usltFrame('From the tags')] }), T0);
  writeFile(root, 'sidecar.lrc', '[offset:100]\n[00:01.10]From the sidecar', T0);
  writeFile(root, 'broken.mp3', taggedMp3({ title: 'Broken Sidecar', artist: 'Tagger', frames: [usltFrame('Tags still answer')] }), T0);
  writeFile(root, 'broken.lrc', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), T0);
  writeFile(root, 'none.mp3', taggedMp3({ title: 'No Lyrics', artist: 'Tagger' }), T0);
});
afterAll(() => runtime.stop());

async function scan() {
  runtime.scan(library.id);
  await runtime.idle();
  const res = await request(app).get('/api/songs');
  return new Map((res.body.data as Song[]).map((song) => [song.name, song._id]));
}

const lyricsOf = async (id: string | undefined) => (await request(app).get(`/api/songs/${id}/lyrics`)).body;

describe('lyrics in music folders', () => {
  it('reads SYLT, USLT and FLAC LYRICS; a sidecar .lrc wins over the tags; a broken .lrc is ignored with its reason', async () => {
    const ids = await scan();
    expect(await lyricsOf(ids.get('Synced Tag'))).toEqual({ synced: true, source: 'tags', lang: 'eng', lines: [{ start: 500, text: 'Hello' }, { start: 1500, text: 'World' }] });
    expect(await lyricsOf(ids.get('Plain Tag'))).toEqual({ synced: false, source: 'tags', lang: 'eng', lines: [{ text: 'Line one' }, { text: 'Line two' }] });
    expect(await lyricsOf(ids.get('Flac Lyrics'))).toEqual({ synced: true, source: 'tags', lines: [{ start: 500, text: 'Flac first' }, { start: 2000, text: 'Flac second' }] });
    expect(await lyricsOf(ids.get('Sidecar Wins'))).toEqual({ synced: true, source: 'sidecar', lines: [{ start: 1000, text: 'From the sidecar' }] });
    expect(await lyricsOf(ids.get('Broken Sidecar'))).toEqual({ synced: false, source: 'tags', lang: 'eng', lines: [{ text: 'Tags still answer' }] });
    expect((await request(app).get(`/api/songs/${ids.get('No Lyrics')}/lyrics`).expect(404)).body.message).toBe(LYRICS_MESSAGES.none);

    const [view] = (await request(app).get('/api/admin/libraries').set('x-auth-token', admin.token).expect(200)).body.data;
    expect(view.errors).toEqual([{ path: 'broken.mp3', error: 'Lyrics file broken.lrc ignored: binary data, not text' }]);
  });

  it('picks up a changed .lrc on the next scan, and a new one beside an unchanged file', async () => {
    writeFile(root, 'sidecar.lrc', '[00:02.00]Edited sidecar', new Date('2026-01-02T00:00:00Z'));
    writeFile(root, 'none.lrc', 'Now with words', T0);
    const ids = await scan();
    expect(await lyricsOf(ids.get('Sidecar Wins'))).toEqual({ synced: true, source: 'sidecar', lines: [{ start: 2000, text: 'Edited sidecar' }] });
    expect(await lyricsOf(ids.get('No Lyrics'))).toEqual({ synced: false, source: 'sidecar', lines: [{ text: 'Now with words' }] });
  });

  it("keeps an admin's upload over a rescan of the file", async () => {
    let ids = await scan();
    await request(app).put(`/api/songs/${ids.get('Plain Tag')}/lyrics`).set({ 'x-auth-token': admin.token, 'content-type': 'text/plain' }).send('Admin words').expect(200);
    writeFile(root, 'uslt.lrc', '[00:01.00]A new sidecar', T0);
    ids = await scan();
    expect(await lyricsOf(ids.get('Plain Tag'))).toEqual({ synced: false, source: 'upload', lines: [{ text: 'Admin words' }] });
  });
});
