import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { listenersWithSongs } from '../test/catalogue.js';
import { PlaylistModel } from './playlist.model.js';
import { UserPlaylistsModel } from './userPlaylists.model.js';
import { rebuildPlaylistIndex } from './playlistIndex.js';

useTestDatabase();
const { app } = createTestApp();

let alice: TestUser;
let bob: TestUser;
let songIds: string[];

beforeEach(async () => {
  ({ alice, bob, songIds } = await listenersWithSongs(3, 11));
});

const create = async (user: TestUser, name: string) => {
  const res = await request(app).post('/api/playlists').set('x-auth-token', user.token).send({ name });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
};
const list = async (user: TestUser) => {
  const res = await request(app).get('/api/playlists/user-playlists').set('x-auth-token', user.token);
  expect(res.status).toBe(200);
  return res.body.data as { _id: string; name: string; songs: { _id: string }[] }[];
};
const indexOf = async (user: TestUser) => {
  const doc = await UserPlaylistsModel.findById(user._id).lean();
  return doc ? doc.playlists.map(String) : null;
};
const direct = async (user: TestUser, name: string, createdAt?: Date) =>
  String((await PlaylistModel.create({ name, user: user._id, songs: songIds.slice(0, 1), ...(createdAt ? { createdAt } : {}) }))._id);

describe('the per-user playlist index', () => {
  it('indexes created playlists in creation order and lists them newest first', async () => {
    const first = await create(alice, 'First');
    const second = await create(alice, 'Second');
    const third = await create(alice, 'Third');
    expect(await indexOf(alice)).toEqual([first, second, third]);
    expect((await list(alice)).map((p) => p._id)).toEqual([third, second, first]);
    expect(await indexOf(bob)).toBeNull();
  });

  it('removes a deleted playlist from the index', async () => {
    const kept = await create(alice, 'Kept');
    const gone = await create(alice, 'Gone');
    const res = await request(app).delete(`/api/playlists/${gone}`).set('x-auth-token', alice.token);
    expect(res.status).toBe(200);
    expect(await indexOf(alice)).toEqual([kept]);
    expect((await list(alice)).map((p) => p.name)).toEqual(['Kept']);
  });

  it('skips and prunes dangling ids: a playlist gone or owned by someone else', async () => {
    const mine = await create(alice, 'Mine');
    const theirs = await create(bob, 'Theirs');
    const missing = new mongoose.Types.ObjectId();
    await UserPlaylistsModel.updateOne(
      { _id: alice._id },
      { $addToSet: { playlists: { $each: [missing, new mongoose.Types.ObjectId(theirs)] } } },
    );
    expect((await list(alice)).map((p) => p._id)).toEqual([mine]);
    expect(await indexOf(alice)).toEqual([mine]);
    expect(await indexOf(bob)).toEqual([theirs]);
  });

  it('search reads the index too, and skips a dangling id', async () => {
    await create(alice, 'Chill');
    await UserPlaylistsModel.updateOne({ _id: alice._id }, { $addToSet: { playlists: new mongoose.Types.ObjectId() } });
    const res = await request(app).get('/api/search?search=chill').set('x-auth-token', alice.token);
    expect(res.status).toBe(200);
    expect(res.body.playlists.map((p: { name: string }) => p.name)).toEqual(['Chill']);
  });
});

describe('playlists stored without the index (older versions, direct inserts)', () => {
  it('are listed through a one-off {user} query that then writes the index', async () => {
    const older = await direct(alice, 'Older', new Date('2024-01-01'));
    const newer = await direct(alice, 'Newer', new Date('2024-06-01'));
    await direct(bob, 'Not mine');
    expect(await indexOf(alice)).toBeNull();
    const listed = await list(alice);
    expect(listed.map((p) => p._id)).toEqual([newer, older]);
    expect(listed[0]!.songs.map((s) => s._id)).toEqual([songIds[0]]);
    expect(await indexOf(alice)).toEqual([older, newer]);
    // From now on the index answers; a playlist deleted behind its back is skipped and pruned.
    await PlaylistModel.deleteOne({ _id: older });
    expect((await list(alice)).map((p) => p._id)).toEqual([newer]);
    expect(await indexOf(alice)).toEqual([newer]);
  });

  it('writes an empty index for a listener without playlists', async () => {
    expect(await list(bob)).toEqual([]);
    expect(await indexOf(bob)).toEqual([]);
    const id = await create(bob, 'New');
    expect(await indexOf(bob)).toEqual([id]);
  });

  it('are kept when the user creates a playlist before any listing', async () => {
    const older = await direct(alice, 'Older', new Date('2024-01-01'));
    const created = await create(alice, 'Created');
    expect(await indexOf(alice)).toEqual([older, created]);
    expect((await list(alice)).map((p) => p.name)).toEqual(['Created', 'Older']);
  });

  it('are found by search, which heals the index as well', async () => {
    const id = await direct(alice, 'Road trip');
    const res = await request(app).get('/api/search?search=road').set('x-auth-token', alice.token);
    expect(res.body.playlists.map((p: { _id: string }) => p._id)).toEqual([id]);
    expect(await indexOf(alice)).toEqual([id]);
  });

  it('rebuildPlaylistIndex gives every user an index of their playlists', async () => {
    const a1 = await direct(alice, 'A1', new Date('2024-01-01'));
    const a2 = await direct(alice, 'A2', new Date('2024-02-01'));
    await UserPlaylistsModel.create({ _id: bob._id, playlists: [new mongoose.Types.ObjectId()] });
    await rebuildPlaylistIndex();
    expect(await indexOf(alice)).toEqual([a1, a2]);
    expect(await indexOf(bob)).toEqual([]);
  });
});

describe('deleting a user', () => {
  it('removes their index and playlists, not anyone else’s', async () => {
    const admin = await createUser({ admin: true });
    await create(alice, 'Mine');
    const theirs = await create(bob, 'Theirs');
    const res = await request(app).delete(`/api/users/${alice._id}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(await indexOf(alice)).toBeNull();
    expect(await PlaylistModel.countDocuments({ user: alice._id })).toBe(0);
    expect(await indexOf(bob)).toEqual([theirs]);
  });
});
