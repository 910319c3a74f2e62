import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSaavnFake, type SaavnFake } from '@samaa/test-fakes';
import { API_MESSAGES, IMPORT_LIMITS, IMPORT_MESSAGES, type ImportRow, type PlaylistImportResult } from '@samaa/shared';
import { clearDatabase, useTestDatabase, storedModel } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import type { AppContext } from '../context.js';
import { addSongs } from '../songs/songs.service.js';
import { PLAYLIST_MODEL } from '../playlists/playlist.model.js';
import { IMPORT_CHUNK_MODEL, IMPORT_HEADER_MODEL } from './importRows.model.js';
import { flagImportedPlaylists } from './importFlag.migrations.js';

const ImportChunkModel = storedModel(IMPORT_CHUNK_MODEL);
const ImportHeaderModel = storedModel(IMPORT_HEADER_MODEL);

useTestDatabase();
let fake: SaavnFake;
let app: ReturnType<typeof createTestApp>['app'];
const playlistModel = () => ctx.data.model(PLAYLIST_MODEL);
let ctx: AppContext;
let alice: TestUser;
let bob: TestUser;
let ids: Record<string, string>;

const SONGS = [
  { key: 'hello', name: 'Hello, Goodbye', artist: 'The Beatles', album: 'Magical Mystery Tour', duration: 208, isrc: 'GBAYE0601643' },
  { key: 'pressure', name: 'Under Pressure', artist: 'Queen', album: 'Hot Space', duration: 248 },
  { key: 'lucky', name: 'Get Lucky (feat. Pharrell Williams)', artist: 'Daft Punk', album: 'Random Access Memories', duration: 369 },
  { key: 'rain', name: 'November Rain', artist: 'Guns N Roses', album: 'Use Your Illusion I', duration: 537 },
  { key: 'rainLive', name: 'November Rain (Live)', artist: 'Guns N Roses', album: 'Live Era', duration: 560 },
];

beforeAll(async () => {
  fake = await startSaavnFake();
  ({ app, ctx } = createTestApp({ SAAVN_API_URL: fake.url }));
  // The songs' audio, so exported links can be played.
  for (const { key } of SONGS) fs.writeFileSync(path.join(ctx.config.media.dir, 'audio', `${key}.mp3`), Buffer.from(`audio of ${key}`));
});
afterAll(() => fake.close());

beforeEach(async () => {
  await clearDatabase();
  alice = await createUser();
  bob = await createUser();
  const inserted = await addSongs(ctx, 
    SONGS.map(({ key: _key, ...song }) => ({ ...song, img: `/media/images/${_key}.jpg`, song: `/media/audio/${_key}.mp3` })),
  );
  ids = Object.fromEntries(SONGS.map((s, i) => [s.key, inserted[i]!]));
});

const CSV = [
  '\uFEFF"Track URI","Track Name","Artist Name(s)","Album Name","Duration (ms)","ISRC"',
  '"spotify:track:1","Hello Goodbye - Remastered 2009","The Beatles","Magical Mystery Tour","208000","GBAYE0601643"',
  '"spotify:track:2","Under Pressure","Queen, David Bowie","Hot Space","248440",""',
  '"spotify:track:3","Heat Waves","Glass Animals","Dreamland","238000",""',
  '"spotify:track:4","November Rain (Remix)","Guns N\' Roses","","",""',
  '"spotify:track:5","Nowhere Song Xq","Nobody Knows","","",""',
  '"spotify:track:6","Get Lucky","Daft Punk, Pharrell Williams","Random Access Memories","369000",""',
].join('\r\n');

/** With "Also look on JioSaavn" ticked (`saavn: false`: unticked, as by default). */
const importCsv = (user: TestUser, csv = CSV, name = 'Road Trip.csv', saavn = true) => {
  const req = request(app).post('/api/playlists/import').set('x-auth-token', user.token);
  return (saavn ? req.field('saavn', 'true') : req).attach('file', Buffer.from(csv), name);
};

/** The body as text, whatever its content type. */
const asText = (res: request.Response) => (typeof res.body === 'string' ? res.body : Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text);
const textParser = (res: request.Response, done: (err: Error | null, body: unknown) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  stream.on('end', () => done(null, text));
};

const byStatus = (rows: ImportRow[]) => rows.map((r) => r.status);

describe('POST /api/playlists/import', () => {
  it('matches an Exportify CSV by ISRC, text and JioSaavn, and makes a playlist in the rows order', async () => {
    const res = await importCsv(alice);
    expect(res.status).toBe(201);
    const body = res.body as PlaylistImportResult;
    expect(body.counts).toEqual({ total: 6, matched: 4, uncertain: 1, missing: 1, dropped: 0 });
    expect(byStatus(body.rows)).toEqual(['matched', 'matched', 'matched', 'uncertain', 'missing', 'matched']);
    expect(body.rows[0]!.match).toEqual({ songId: ids.hello, score: 1, by: 'isrc' });
    expect(body.rows[1]!.match).toMatchObject({ songId: ids.pressure, by: 'text' });
    expect(body.rows[2]!.match).toMatchObject({ saavnId: 'sHeat01', by: 'saavn' });
    // No remix in the catalogue: the studio and live songs are offered, neither is matched.
    expect(body.rows[3]!.candidates.map((c) => c.songId).sort()).toEqual([ids.rain, ids.rainLive].sort());
    expect(body.rows[0]!.input).toEqual({ title: 'Hello Goodbye - Remastered 2009', artists: ['The Beatles'], album: 'Magical Mystery Tour', durationMs: 208000, isrc: 'GBAYE0601643' });
    expect(body.playlist).toMatchObject({ name: 'Road Trip', user: alice._id, img: '/media/images/hello.jpg' });
    expect(body.playlist.songs.map((s) => s._id)).toEqual([ids.hello, ids.pressure, ids.lucky]);
    expect(body.playlist.saavnTracks).toEqual([
      { at: 2, saavnId: 'sHeat01', name: 'Heat Waves', artist: 'Glass Animals', img: expect.stringContaining('sHeat01-500x500'), src: expect.stringContaining('sHeat01_320kbps') },
    ]);
    expect(res.body.message).toBe(IMPORT_MESSAGES.imported(4, 6));
  });

  it('keeps the rows so the review reads them after a reload, for the owner only', async () => {
    const { body } = await importCsv(alice);
    const id = body.playlist._id;
    const review = await request(app).get(`/api/playlists/${id}/import`).set('x-auth-token', alice.token);
    expect(review.status).toBe(200);
    expect(review.body.rows).toEqual(body.rows);
    const other = await request(app).get(`/api/playlists/${id}/import`).set('x-auth-token', bob.token);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: API_MESSAGES.forbidden });
    const bobResolve = await request(app).put(`/api/playlists/${id}/import-rows/3`).set('x-auth-token', bob.token).send({ action: 'drop' });
    expect(bobResolve.status).toBe(403);
    const bobExport = await request(app).get(`/api/playlists/${id}/export?format=csv`).set('x-auth-token', bob.token);
    expect(bobExport.status).toBe(403);
    expect((await request(app).get(`/api/playlists/${id}/import`)).status).toBe(401);
  });

  it('resolves an uncertain row with a candidate, drops another, and keeps the order', async () => {
    const { body } = await importCsv(alice);
    const id = body.playlist._id;
    const picked = await request(app)
      .put(`/api/playlists/${id}/import-rows/3`)
      .set('x-auth-token', alice.token)
      .send({ action: 'pick', songId: ids.rain });
    expect(picked.status).toBe(200);
    expect(picked.body.rows[3]).toMatchObject({ status: 'matched', match: { songId: ids.rain, by: 'manual', score: 1 } });
    expect(picked.body.playlist.songs.map((s: { _id: string }) => s._id)).toEqual([ids.hello, ids.pressure, ids.rain, ids.lucky]);
    expect(picked.body.playlist.saavnTracks[0].at).toBe(2);
    const dropped = await request(app).put(`/api/playlists/${id}/import-rows/0`).set('x-auth-token', alice.token).send({ action: 'drop' });
    expect(dropped.body.counts).toMatchObject({ matched: 4, dropped: 1, missing: 1 });
    expect(dropped.body.playlist.songs.map((s: { _id: string }) => s._id)).toEqual([ids.pressure, ids.rain, ids.lucky]);
    const again = await request(app).get(`/api/playlists/${id}/import`).set('x-auth-token', alice.token);
    expect(byStatus(again.body.rows)).toEqual(['dropped', 'matched', 'matched', 'matched', 'missing', 'matched']);
  });

  it("the description's count follows the review, the playlist is marked imported, and a listener's own description stays", async () => {
    const { body } = await importCsv(alice);
    const id = body.playlist._id;
    expect(body.playlist).toMatchObject({ desc: 'Imported from a CSV file: 4 of 6 tracks matched', imported: true });
    const picked = await request(app).put(`/api/playlists/${id}/import-rows/3`).set('x-auth-token', alice.token).send({ action: 'pick', songId: ids.rain });
    expect(picked.body.playlist.desc).toBe('Imported from a CSV file: 5 of 6 tracks matched');
    const listed = await request(app).get('/api/playlists/user-playlists').set('x-auth-token', alice.token);
    expect(listed.body.data[0]).toMatchObject({ _id: id, desc: 'Imported from a CSV file: 5 of 6 tracks matched', imported: true });
    await request(app).put(`/api/playlists/edit/${id}`).set('x-auth-token', alice.token).send({ name: 'Road Trip', desc: 'Summer 2026' }).expect(200);
    const dropped = await request(app).put(`/api/playlists/${id}/import-rows/0`).set('x-auth-token', alice.token).send({ action: 'drop' });
    expect(dropped.body.playlist.desc).toBe('Summer 2026');
    const handMade = await request(app).post('/api/playlists').set('x-auth-token', alice.token).send({ name: 'Mine', desc: '' });
    expect(handMade.body.data.imported).toBeUndefined();
  });

  it('keeps the order the listener moved the songs into when a review change rebuilds the playlist', async () => {
    const { body } = await importCsv(alice);
    const id = body.playlist._id;
    await request(app).put('/api/playlists/move-song').set('x-auth-token', alice.token).send({ playlistId: id, songId: ids.lucky, to: 0 }).expect(200);
    const picked = await request(app).put(`/api/playlists/${id}/import-rows/3`).set('x-auth-token', alice.token).send({ action: 'pick', songId: ids.rain });
    expect(picked.body.playlist.songs.map((s: { _id: string }) => s._id)).toEqual([ids.lucky, ids.hello, ids.pressure, ids.rain]);
  });

  it('the startup migration marks imported the playlists of earlier builds that have an import review', async () => {
    const { body } = await importCsv(alice);
    const handMade = await request(app).post('/api/playlists').set('x-auth-token', alice.token).send({ name: 'Mine', desc: '' });
    await playlistModel().updateOne({ _id: body.playlist._id }, { $unset: { imported: 1 } });
    expect(await flagImportedPlaylists(ctx.data)).toBe(1);
    const listed = await request(app).get('/api/playlists/user-playlists').set('x-auth-token', alice.token);
    const imported = Object.fromEntries(listed.body.data.map((p: { _id: string; imported?: boolean }) => [p._id, p.imported]));
    expect(imported).toEqual({ [body.playlist._id]: true, [handMade.body.data._id]: undefined });
  });

  it('answers 400 to a bad resolution and 404 to a row that is not there', async () => {
    const { body } = await importCsv(alice);
    const id = body.playlist._id;
    const put = (index: string, payload: unknown) => request(app).put(`/api/playlists/${id}/import-rows/${index}`).set('x-auth-token', alice.token).send(payload as object);
    expect((await put('3', { action: 'pick' })).status).toBe(400);
    expect((await put('3', { action: 'explode' })).status).toBe(400);
    expect((await put('3', { action: 'pick', songId: '0123456789abcdef01234567' })).status).toBe(404);
    const missing = await put('99', { action: 'drop' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: IMPORT_MESSAGES.rowNotFound });
    expect((await put('-1', { action: 'drop' })).status).toBe(400);
  });

  it('"Match again" matches a missing row once the catalogue has the song', async () => {
    const { body } = await importCsv(alice);
    const [added] = await addSongs(ctx, [{ name: 'Nowhere Song Xq', artist: 'Nobody Knows', img: '/media/images/n.jpg', song: '/media/audio/n.mp3' }]);
    const res = await request(app).post(`/api/playlists/${body.playlist._id}/import/match-again`).set('x-auth-token', alice.token);
    expect(res.status).toBe(200);
    expect(res.body.rows[4]).toMatchObject({ status: 'matched', match: { songId: added, by: 'text' } });
    expect(res.body.message).toBe(IMPORT_MESSAGES.matchedAgain(1));
    expect(res.body.playlist.songs.map((s: { _id: string }) => s._id)).toContain(added);
  });

  it('runs one import per listener at a time: a second one meanwhile gets a 429', async () => {
    fake.reset();
    fake.setFault({ delayMs: 300 });
    // A row no earlier test looked up, so the JioSaavn client's cache cannot answer it.
    const first = importCsv(alice, `${CSV}\r\n"x","Never Looked Up Before","Nobody","","",""`).then((res) => res);
    // The first import is past matching the catalogue once it asks JioSaavn.
    while (fake.calls === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await importCsv(alice);
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ message: IMPORT_MESSAGES.busy });
    expect((await importCsv(bob)).status).toBe(201);
    expect((await first).status).toBe(201);
    fake.reset();
    expect((await importCsv(alice)).status).toBe(201);
  });

  it('asks JioSaavn nothing unless the listener ticked "Also look on JioSaavn", and "Match again" keeps that choice', async () => {
    fake.reset();
    const res = await importCsv(alice, CSV, 'Private.csv', false);
    expect(res.status).toBe(201);
    expect(res.body.counts).toMatchObject({ total: 6 });
    expect(res.body.rows[2].status).toBe('missing');
    expect(res.body.playlist.saavnTracks ?? []).toEqual([]);
    const again = await request(app).post(`/api/playlists/${res.body.playlist._id}/import/match-again`).set('x-auth-token', alice.token);
    expect(again.status).toBe(200);
    const spotify = await request(app)
      .post('/api/playlists/import')
      .set('x-auth-token', alice.token)
      .send({ source: 'spotify', spotifyPlaylistId: 'pl2', name: 'Quiet', tracks: [{ title: 'Heat Waves', artists: ['Glass Animals'], isrc: '' }] });
    expect(spotify.status).toBe(201);
    expect(spotify.body.rows[0].status).toBe('missing');
    expect(fake.requests).toEqual([]);
    const opted = await request(app)
      .post('/api/playlists/import')
      .set('x-auth-token', alice.token)
      .send({ source: 'spotify', spotifyPlaylistId: 'pl3', name: 'Loud', saavn: true, tracks: [{ title: 'Heat Waves', artists: ['Glass Animals'], isrc: '' }] });
    // (Found by an earlier test's look-up, which the JioSaavn client keeps.)
    expect(opted.body.rows[0].match).toMatchObject({ saavnId: 'sHeat01', by: 'saavn' });
  });

  it('imports the Spotify source from the tracks the browser read', async () => {
    const res = await request(app)
      .post('/api/playlists/import')
      .set('x-auth-token', alice.token)
      .send({ source: 'spotify', spotifyPlaylistId: 'pl1', name: 'From Spotify', tracks: [{ title: 'Under Pressure', artists: ['Queen'], isrc: '' }] });
    expect(res.status).toBe(201);
    expect(res.body.playlist.name).toBe('From Spotify');
    expect(res.body.rows[0].match.songId).toBe(ids.pressure);
  });

  it('refuses a wrong file, an oversized one and a missing one with clear 400s, leaving nothing behind', async () => {
    const wrong = await importCsv(alice, 'this is not a playlist', 'notes.txt');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: IMPORT_MESSAGES.unknownFormat });
    const big = await importCsv(alice, `Track Name,Artist\n${'x,y\n'.repeat(IMPORT_LIMITS.maxFileBytes / 4 + 10)}`, 'big.csv');
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ message: IMPORT_MESSAGES.tooLarge });
    const none = await request(app).post('/api/playlists/import').set('x-auth-token', alice.token).field('name', 'x');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: IMPORT_MESSAGES.noFile });
    expect(await playlistModel().countDocuments()).toBe(0);
    expect(await ImportHeaderModel.countDocuments()).toBe(0);
  });
});

describe('GET /api/playlists/:id/export', () => {
  const exportOf = (id: string, format: 'm3u8' | 'csv', user = alice) =>
    request(app).get(`/api/playlists/${id}/export?format=${format}`).set('x-auth-token', user.token).buffer(true).parse(textParser);
  const songIds = (playlist: { songs: { _id: string }[] }) => playlist.songs.map((s) => s._id);
  /** A signed link to one of our files, minted for `userId`, expiring about MEDIA_LINK_TTL_HOURS from now. */
  const signedLink = (key: string, userId: string) =>
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+/media/audio/${key}\\.mp3\\?exp=(\\d+)&by=${userId}&sig=[A-Za-z0-9_-]{43}$`);
  const expectWeekLong = (exp: string) => {
    const hours = (Number(exp) * 1000 - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(167.9);
    expect(hours).toBeLessThanOrEqual(168);
  };
  /** Plays a link (its path and query) without any session. */
  const play = (url: string) => request(app).get(url.replace(/^https?:\/\/[^/]+/, ''));

  it('exports M3U8 with signed links that play, stated lifetime, and that imports back to the same songs', async () => {
    const { body } = await importCsv(alice);
    const id = body.playlist._id;
    const m3u8 = await exportOf(id, 'm3u8');
    expect(m3u8.status).toBe(200);
    expect(m3u8.headers['content-type']).toMatch(/^audio\/x-mpegurl/);
    expect(m3u8.headers['content-disposition']).toContain('Road Trip.m3u8');
    const text = asText(m3u8);
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual(['#EXTM3U', '#PLAYLIST:Road Trip']);
    const until = /^# Links to this server's files play until (\S+) \(168 hours after export\); export again for new ones\.$/.exec(lines[2]!);
    expect(until).not.toBeNull();
    expect(lines[3]).toBe('#EXTINF:208,The Beatles - Hello, Goodbye');
    const link = signedLink('hello', alice._id).exec(lines[4]!);
    expect(link).not.toBeNull();
    expectWeekLong(link![1]!);
    expect(new Date(until![1]!).getTime()).toBe(Number(link![1]) * 1000);

    const played = await play(lines[4]!).set('Range', 'bytes=0-4').expect(206);
    expect(played.headers['content-range']).toBe(`bytes 0-4/${'audio of hello'.length}`);
    await play(lines[4]!.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)).expect(403);
    await request(app).get(lines[4]!.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!).expect(401);

    const back = await importCsv(alice, text, 'Road Trip.m3u8');
    expect(back.status).toBe(201);
    expect(back.body.counts).toMatchObject({ total: 4, matched: 4 });
    expect(songIds(back.body.playlist)).toEqual(songIds(body.playlist));
    expect(back.body.playlist.saavnTracks.map((t: { saavnId: string }) => t.saavnId)).toEqual(['sHeat01']);
  });

  it('imports an exported M3U8 back by its links alone, expired or from another host', async () => {
    const { body } = await importCsv(alice);
    const text = asText(await exportOf(body.playlist._id, 'm3u8'));
    // No titles to go by, expired signatures, another host: the paths still name our songs.
    const stripped = text
      .split('\n')
      .map((line, i) => (line.startsWith('#EXTINF') ? `#EXTINF:-1,Track ${i}` : line.replace(/exp=\d+/, 'exp=1').replace(/^http:\/\/[^/]+/, 'https://old.example.com')))
      .join('\n');
    const back = await importCsv(alice, stripped, 'Links only.m3u8');
    expect(back.status).toBe(201);
    const ours = back.body.rows.filter((r: ImportRow) => r.match?.songId);
    expect(ours.map((r: ImportRow) => r.match!.songId)).toEqual(songIds(body.playlist));
    expect(songIds(back.body.playlist)).toEqual(songIds(body.playlist));
  });

  it('imports an exported M3U8 back to the right song when two songs play one file', async () => {
    const { body } = await importCsv(alice);
    const hello = body.playlist.songs.find((song: { _id: string }) => song._id === ids.hello);
    // A newer song on the same upload, in the playlist beside the first.
    const [twin] = await addSongs(ctx, [{ name: 'Twin Of Hello', artist: 'Nobody Else', img: hello.img, song: hello.song }]);
    await request(app).put('/api/playlists/add-song').set('x-auth-token', alice.token).send({ playlistId: body.playlist._id, songId: twin }).expect(200);
    const text = asText(await exportOf(body.playlist._id, 'm3u8'));
    const back = await importCsv(alice, text, 'Road Trip.m3u8');
    expect(songIds(back.body.playlist)).toEqual([...songIds(body.playlist), twin]);
  });

  it('exports CSV in Exportify column names with Album Name, ISRC and a signed link that plays, and imports back', async () => {
    const { body } = await importCsv(alice);
    const id = body.playlist._id;
    const csv = await exportOf(id, 'csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const text = asText(csv);
    const [header, hello, pressure, heat, lucky] = parse(text) as string[][];
    expect(header).toEqual(['Track URI', 'Track Name', 'Artist Name(s)', 'Album Name', 'Duration (ms)', 'ISRC', 'Audio URL']);
    expect(hello!.slice(0, 6)).toEqual([`samaa:song:${ids.hello}`, 'Hello, Goodbye', 'The Beatles', 'Magical Mystery Tour', '208000', 'GBAYE0601643']);
    expect(pressure!.slice(0, 6)).toEqual([`samaa:song:${ids.pressure}`, 'Under Pressure', 'Queen', 'Hot Space', '248000', '']);
    expect(lucky![3]).toBe('Random Access Memories');
    expect(heat![0]).toBe('jiosaavn:song:sHeat01');
    expect(heat![6]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const link = signedLink('hello', alice._id).exec(hello![6]!);
    expect(link).not.toBeNull();
    expectWeekLong(link![1]!);
    await play(hello![6]!).expect(200);
    await play(pressure![6]!).expect(200);

    const reimported = await importCsv(alice, text, 'again.csv');
    expect(reimported.body.counts).toMatchObject({ total: 4, matched: 4 });
    expect(songIds(reimported.body.playlist)).toEqual(songIds(body.playlist));
  });

  it('writes plain paths, without a lifetime, under PUBLIC_MEDIA', async () => {
    const open = createTestApp({ SAAVN_API_URL: fake.url, PUBLIC_MEDIA: 'true' }).app;
    const { body } = await importCsv(alice);
    const res = await request(open).get(`/api/playlists/${body.playlist._id}/export?format=m3u8`).set('x-auth-token', alice.token).buffer(true).parse(textParser);
    const lines = asText(res).split('\n');
    expect(lines[2]).toBe('#EXTINF:208,The Beatles - Hello, Goodbye');
    expect(lines[3]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/audio\/hello\.mp3$/);
  });

  it('answers 400 to an unknown format', async () => {
    const { body } = await importCsv(alice);
    const res = await request(app).get(`/api/playlists/${body.playlist._id}/export?format=pdf`).set('x-auth-token', alice.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: IMPORT_MESSAGES.badExportFormat });
  });

  it('deleting the playlist deletes its import rows', async () => {
    const { body } = await importCsv(alice);
    await request(app).delete(`/api/playlists/${body.playlist._id}`).set('x-auth-token', alice.token).expect(200);
    expect(await ImportHeaderModel.countDocuments()).toBe(0);
    expect(await ImportChunkModel.countDocuments()).toBe(0);
  });

  it("deleting the user deletes their imports' rows, and no one else's", async () => {
    await importCsv(alice);
    await importCsv(bob);
    const admin = await createUser({ admin: true });
    await request(app).delete(`/api/users/${alice._id}`).set('x-auth-token', admin.token).expect(200);
    expect((await ImportHeaderModel.find().lean()).map((header) => header.user)).toEqual([bob._id.toLowerCase()]);
    expect(await ImportChunkModel.countDocuments()).toBe(1);
  });
});
