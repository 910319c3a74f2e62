import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES, type SongInput } from '@samaa/shared';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { listenApp, type ListeningApp } from '../test/listen.js';
import { addSongs } from '../songs/songs.service.js';
import { insertPlaylists } from '../playlists/playlists.seed.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { customCall, subsonicClient, type Format } from '../test/subsonicClient.js';
import { albumIdOfSong } from '../subsonic/library.js';

/** Subsonic's share methods on the same share links as the web; XML answers are checked against the XSD. */

useTestDatabase();
const { app, ctx } = createTestApp();
const offApp = createTestApp({ SHARES: 'false' }).app;

let server: ListeningApp;
let offServer: ListeningApp;
let alice: TestUser;
let bob: TestUser;
let aliceKey: string;
let bobKey: string;
const ids: Record<string, string> = {};

function song(name: string, extra: Partial<SongInput> = {}): SongInput {
  return { name, artist: 'The Lanterns', img: '/media/images/cover.png', song: '/media/audio/tone.mp3', duration: 100, ...extra };
}

beforeAll(async () => {
  [server, offServer] = await Promise.all([listenApp(app), listenApp(offApp)]);
  await clearDatabase();
  [alice, bob] = await Promise.all([createUser({ name: 'Alice' }), createUser({ name: 'Bob' })]);
  [aliceKey, bobKey] = (await Promise.all([alice, bob].map((u) => createApiKey(ctx, u._id, { name: 'Phone' })))).map((k) => k.key) as [string, string];
  const [second, first] = await addSongs(ctx, [song('Second Light', { album: 'Night Songs', trackNumber: 2 }), song('First Light', { album: 'Night Songs', trackNumber: 1 })]);
  Object.assign(ids, { second, first });
  const [playlist] = await insertPlaylists(ctx.playlists, [{ name: 'Road trip', desc: '', img: '', user: alice._id, songIds: [second!] }]);
  ids.playlist = playlist!;
});
afterAll(async () => {
  await server?.close();
  await offServer?.close();
});

interface SubsonicShare {
  id: string;
  url: string;
  description?: string;
  username: string;
  created: string;
  expires?: string;
  visitCount: number;
  entry?: { id: string; title: string }[];
}
type Answer = { status: string; error?: { code: number; message: string }; shares?: { share?: SubsonicShare[] }; user?: { shareRole: boolean } };

describe.each<Format>(['json', 'xml'])('Subsonic share methods (%s)', (format) => {
  const api = (key = () => aliceKey, url = () => server.url) => subsonicClient(url(), { apiKey: key() }, format);
  const call = (method: string, params: Record<string, unknown> = {}, key = () => aliceKey) => customCall<Answer>(api(key), method, params);

  it('creates, lists, updates and deletes a share; its url is the public page', async () => {
    const expires = Date.now() + 3600_000;
    const created = await call('createShare', { id: ids.first, description: 'For you', expires });
    expect(created.status).toBe('ok');
    const share = created.shares!.share![0]!;
    expect(share).toMatchObject({ description: 'For you', username: alice.email, visitCount: 0 });
    expect(share.url).toBe(`http://localhost:3000/s/${share.id}`);
    expect(new Date(share.expires!).getTime()).toBe(expires);
    expect(share.entry!.map((e) => e.title)).toEqual(['First Light']);

    await request(app).get(`/api/public/shares/${share.id}`).expect(200);
    const listed = (await call('getShares')).shares!.share!;
    expect(listed.find((s) => s.id === share.id)).toMatchObject({ visitCount: 1 });

    expect((await call('updateShare', { id: share.id, description: 'Changed', expires: 0 })).status).toBe('ok');
    const updated = (await call('getShares')).shares!.share!.find((s) => s.id === share.id)!;
    expect(updated.description).toBe('Changed');
    expect(updated.expires).toBeUndefined();

    expect((await call('deleteShare', { id: share.id })).status).toBe('ok');
    expect((await call('getShares')).shares!.share?.find((s) => s.id === share.id)).toBeUndefined();
    expect((await request(app).get(`/api/public/shares/${share.id}`)).status).toBe(404);
  });

  it('shares albums by id in track order, and own playlists', async () => {
    const album = (await call('createShare', { id: albumIdOfSong({ artist: 'The Lanterns', album: 'Night Songs' }) })).shares!.share![0]!;
    expect(album.entry!.map((e) => e.title)).toEqual(['First Light', 'Second Light']);
    const playlist = (await call('createShare', { id: ids.playlist })).shares!.share![0]!;
    expect(playlist.entry!.map((e) => e.title)).toEqual(['Second Light']);
    expect(await call('createShare', { id: ids.playlist }, () => bobKey)).toMatchObject({ status: 'failed', error: { code: 50 } });
  });

  it('keeps shares to their owner and refuses bad calls with Subsonic errors', async () => {
    const share = (await call('createShare', { id: ids.first })).shares!.share![0]!;
    expect((await call('getShares', {}, () => bobKey)).shares!.share?.some((s) => s.id === share.id) ?? false).toBe(false);
    expect(await call('updateShare', { id: share.id, description: 'x' }, () => bobKey)).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(await call('deleteShare', { id: share.id }, () => bobKey)).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(await call('createShare')).toMatchObject({ status: 'failed', error: { code: 10 } });
    expect(await call('createShare', { id: '0123456789abcdef01234567' })).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(await call('createShare', { id: ids.first, expires: 1000 })).toMatchObject({ status: 'failed', error: { code: 0 } });
  });

  it('says shareRole, and refuses share methods when SHARES=false', async () => {
    expect((await api().getUser({ username: alice.email })).user.shareRole).toBe(true);
    const off = api(() => aliceKey, () => offServer.url);
    expect((await off.getUser({ username: alice.email })).user.shareRole).toBe(false);
    expect(await customCall<Answer>(off, 'getShares')).toMatchObject({ status: 'failed', error: { code: 50, message: SHARE_MESSAGES.off } });
  });
});
