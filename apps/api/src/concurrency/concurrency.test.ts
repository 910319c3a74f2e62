import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Song, SongInput } from '@samaa/shared';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { listenersWithSongs } from '../test/catalogue.js';
import { listenApp, type ListeningApp } from '../test/listen.js';

/*
 * Concurrent writes through the HTTP API, with exact counts. Each case runs ROUNDS times on fresh
 * data: a race can pass once by luck. On the embedded engine these are the cases that lost
 * writes before the data layer serialised read-modify-writes per document.
 */
const ROUNDS = 5;

useTestDatabase();
const { app, ctx } = createTestApp({ RATE_LIMITS: 'false' });
let server: ListeningApp;
let alice: TestUser;
let admin: TestUser;
let songIds: string[];

beforeAll(async () => {
  server = await listenApp(app);
});
afterAll(() => server.close());

beforeEach(async () => {
  ({ alice, songIds } = await listenersWithSongs(ctx, 100, 11));
  admin = await createUser({ admin: true });
});

async function call<T = unknown>(user: TestUser | undefined, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(user ? { 'x-auth-token': user.token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

type Data<T> = { data: T };
const listed = async (user: TestUser) =>
  (await call<Data<{ _id: string; name: string }[]>>(user, 'GET', '/api/playlists/user-playlists')).body.data;
const create = (user: TestUser, name: string) =>
  call<Data<{ _id: string }>>(user, 'POST', '/api/playlists', { name, desc: '' });

describe.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))('round %i', () => {
  it('50 concurrent playlist creates by one listener: all 50 listed', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => create(alice, `Mix ${i}`)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = results.map((r) => r.body.data._id).sort();
    expect((await listed(alice)).map((p) => p._id).sort()).toEqual(ids);
  });

  it('100 concurrent add-song of distinct songs: 100 in the playlist; 100 concurrent removes: 0', async () => {
    const playlistId = (await create(alice, 'Everything')).body.data._id;
    const add = await Promise.all(
      songIds.map((songId) => call(alice, 'PUT', '/api/playlists/add-song', { playlistId, songId })),
    );
    expect(add.every((r) => r.status === 200)).toBe(true);
    const full = await call<Data<{ songs: Song[] }>>(alice, 'GET', `/api/playlists/${playlistId}`);
    expect(full.body.data.songs.map((s) => s._id).sort()).toEqual([...songIds].sort());

    const remove = await Promise.all(
      songIds.map((songId) => call(alice, 'PUT', '/api/playlists/remove-song', { playlistId, songId })),
    );
    expect(remove.every((r) => r.status === 200)).toBe(true);
    const empty = await call<Data<{ songs: Song[] }>>(alice, 'GET', `/api/playlists/${playlistId}`);
    expect(empty.body.data.songs).toEqual([]);
  });

  it('30 creates interleaved with 30 deletes: exactly the survivors listed', async () => {
    const old: string[] = [];
    for (let i = 0; i < 50; i += 1) old.push((await create(alice, `Old ${i}`)).body.data._id);
    const doomed = old.slice(0, 30);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => [
        create(alice, `New ${i}`),
        call(alice, 'DELETE', `/api/playlists/${doomed[i]}`),
      ]).flat(),
    );
    expect(results.map((r) => r.status).sort()).toEqual([...Array(30).fill(200), ...Array(30).fill(201)]);
    const created = results.filter((r) => r.status === 201).map((r) => (r.body as Data<{ _id: string }>).data._id);
    const survivors = [...old.slice(30), ...created].sort();
    expect((await listed(alice)).map((p) => p._id).sort()).toEqual(survivors);
  });

  it('100 concurrent like toggles of distinct songs, and 100 of one song', async () => {
    const likes = await Promise.all(songIds.map((id) => call<{ liked: boolean }>(alice, 'PUT', `/api/songs/like/${id}`)));
    expect(likes.every((r) => r.status === 200 && r.body.liked)).toBe(true);
    const ids = await call<Data<string[]>>(alice, 'GET', '/api/songs/like/ids');
    expect([...ids.body.data].sort()).toEqual([...songIds].sort());

    const one = songIds[0]!;
    const toggles = await Promise.all(
      Array.from({ length: 100 }, () => call<{ liked: boolean }>(alice, 'PUT', `/api/songs/like/${one}`)),
    );
    // One after the other: 50 unlikes and 50 likes, ending where it started (liked).
    expect(toggles.filter((r) => r.body.liked).length).toBe(50);
    const after = await call<Data<string[]>>(alice, 'GET', '/api/songs/like/ids');
    expect(after.body.data).toHaveLength(100);
  });

  it('concurrent admin edits of one song: one whole edit wins, none half-applied', async () => {
    const id = songIds[0]!;
    const edits: SongInput[] = Array.from({ length: 20 }, (_, i) => ({
      name: `Edit ${i}`,
      artist: `Artist ${i}`,
      img: `https://example.com/${i}.jpg`,
      song: `/media/audio/${i}.mp3`,
      ...(i % 2 ? { album: `Album ${i}`, year: 2000 + i } : {}),
    }));
    const results = await Promise.all(edits.map((edit) => call(admin, 'PUT', `/api/songs/${id}`, edit)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const { body } = await call<Data<Song[]>>(undefined, 'GET', '/api/songs');
    const stored = body.data.find((s) => s._id === id)!;
    const { _id, ...fields } = stored;
    expect(_id).toBe(id);
    expect(edits).toContainEqual(fields);
  });

  it('concurrent catalogue changes are all visible in the song list and in search', async () => {
    const before = (await call<Data<Song[]>>(undefined, 'GET', '/api/songs')).body.data.map((s) => s._id);
    const doomed = songIds.slice(0, 10);
    const results = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        call<Data<Song>>(admin, 'POST', '/api/songs', {
          name: `Concurrent ${i} zebra`,
          artist: 'Racer',
          img: 'https://example.com/c.jpg',
          song: '/media/audio/c.mp3',
        }),
      ),
      ...doomed.map((id) => call(admin, 'DELETE', `/api/songs/${id}`)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), ...Array(30).fill(201)]);
    const created = results.filter((r) => r.status === 201).map((r) => (r.body as Data<Song>).data._id);
    const expected = [...before.filter((id) => !doomed.includes(id)), ...created].sort();
    const after = (await call<Data<Song[]>>(undefined, 'GET', '/api/songs')).body.data.map((s) => s._id);
    expect([...after].sort()).toEqual(expected);
    for (const i of [0, 14, 29]) {
      const query = encodeURIComponent(`Concurrent ${i} zebra`);
      const found = await call<{ songs: Song[] }>(alice, 'GET', `/api/search?search=${query}`);
      expect(found.body.songs.map((s) => s.name)).toContain(`Concurrent ${i} zebra`);
    }
  });
});
