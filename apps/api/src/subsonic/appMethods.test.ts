import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongInput } from '@samaa/shared';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { listenApp, type ListeningApp } from '../test/listen.js';
import { addSongs } from '../songs/songs.service.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { customCall, subsonicClient, type Format } from '../test/subsonicClient.js';

/*
 * The calls Subsonic apps make with their default settings, beyond browsing and playlists:
 * each through a Subsonic client library from npm, in JSON and in XML (validated against the
 * XSD), signed in as apps sign in by default (salted token, the app key as the password).
 */

useTestDatabase();
const { app, ctx } = createTestApp();

let server: ListeningApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
const keys: Record<string, string> = {};
const ids: Record<string, string> = {};

function song(name: string, extra: Partial<SongInput> = {}): SongInput {
  return { name, artist: 'The Lanterns', img: '/media/images/cover.png', song: '/media/audio/tone.mp3', duration: 100, ...extra };
}

beforeAll(async () => {
  server = await listenApp(app);
  await clearDatabase();
  [alice, bob, admin] = await Promise.all([createUser({ name: 'Alice' }), createUser({ name: 'Bobby' }), createUser({ admin: true })]);
  for (const [name, user] of Object.entries({ alice, bob, admin })) keys[name] = (await createApiKey(ctx, user._id, { name: 'Phone' })).key;
  const [dawn, dusk, rain, zebra] = await addSongs(ctx, [
    song('Dawn', { album: 'Night Songs', trackNumber: 1, year: 2019, genre: 'Folk' }),
    song('Dusk', { album: 'Night Songs', trackNumber: 2, year: 2019, genre: 'folk ' }),
    song('Rain', { album: 'Weather', genre: 'Ambient' }),
    song('Zebra Crossing', { artist: 'Aurora Vale', album: 'Stripes', year: 2024, genre: 'Rock' }),
  ]);
  Object.assign(ids, { dawn, dusk, rain, zebra });
});
afterAll(() => server?.close());

/** JSON has an empty list where XML has no element. */
const none = <T>(list: T[] | undefined): T[] => list ?? [];

describe.each<Format>(['json', 'xml'])('what apps call (%s)', (format) => {
  const as = (who: 'alice' | 'bob' | 'admin') =>
    subsonicClient(server.url, { username: { alice, bob, admin }[who].email, password: keys[who]! }, format, { reuseSalt: true });
  const api = () => as('alice');

  it('getGenres counts songs and albums per tag genre; getSongsByGenre lists them', async () => {
    const { genres } = await api().getGenres();
    expect(genres.genre).toEqual([
      { value: 'Ambient', songCount: 1, albumCount: 1 },
      { value: 'Folk', songCount: 2, albumCount: 1 },
      { value: 'Rock', songCount: 1, albumCount: 1 },
    ]);
    const folk = await api().getSongsByGenre({ genre: 'folk', count: 10 });
    expect(folk.songsByGenre.song!.map((s) => s.title).sort()).toEqual(['Dawn', 'Dusk']);
    expect(folk.songsByGenre.song![0]).toMatchObject({ genre: expect.stringMatching(/folk/i) });
    const byGenre = await api().getAlbumList2({ type: 'byGenre', genre: 'FOLK', size: 5 });
    expect(byGenre.albumList2.album!.map((a) => a.name)).toEqual(['Night Songs']);
    expect((await api().getAlbumList({ type: 'byGenre', genre: 'Rock' })).albumList.album!.map((a) => a.title)).toEqual(['Stripes']);
    expect(await api().getAlbumList2({ type: 'byGenre' } as never)).toMatchObject({ error: { code: 10 } });
  });

  it('getAlbumList, getStarred and search2 answer the folder-based shapes', async () => {
    const list = await api().getAlbumList({ type: 'alphabeticalByName', size: 10 });
    expect(list.albumList.album!.map((a) => [a.title, a.isDir])).toEqual([
      ['Night Songs', true],
      ['Stripes', true],
      ['Weather', true],
    ]);
    await api().star({ id: ids.rain! });
    const starred = await api().getStarred();
    expect(starred.starred.song!.map((s) => s.id)).toEqual([ids.rain]);
    expect(none((await as('bob').getStarred()).starred.song)).toEqual([]);
    await api().unstar({ id: ids.rain! });
    const found = await api().search2({ query: 'night', songCount: 5 });
    expect(found.searchResult2.album!.map((a) => a.title)).toEqual(['Night Songs']);
    const byArtist = await api().search2({ query: 'aurora' });
    expect(byArtist.searchResult2.artist!.map((a) => a.name)).toEqual(['Aurora Vale']);
  });

  it('artist and album info answer their empty elements; similar and top songs come from the artist', async () => {
    const artistId = (await api().getSong({ id: ids.dawn! })).song.artistId!;
    const albumId = (await api().getSong({ id: ids.dawn! })).song.albumId!;
    expect((await api().getArtistInfo({ id: artistId })).status).toBe('ok');
    expect((await api().getArtistInfo2({ id: artistId })).artistInfo2).toEqual({});
    expect((await api().getAlbumInfo({ id: albumId })).status).toBe('ok');
    expect((await api().getAlbumInfo2({ id: albumId })).status).toBe('ok');
    expect(await api().getArtistInfo2({ id: 'ar-nothing' })).toMatchObject({ status: 'failed', error: { code: 70 } });
    const similar = await api().getSimilarSongs2({ id: ids.dawn!, count: 10 });
    expect(similar.similarSongs2.song!.map((s) => s.title).sort()).toEqual(['Dusk', 'Rain']);
    expect((await api().getSimilarSongs({ id: artistId })).similarSongs.song).toHaveLength(3);
    await api().scrobble({ id: ids.rain! });
    const top = await api().getTopSongs({ artist: 'The Lanterns', count: 2 });
    expect(top.topSongs.song!.map((s) => s.title)[0]).toBe('Rain');
    expect(none((await api().getTopSongs({ artist: 'Nobody' })).topSongs.song)).toEqual([]);
  });

  it('keeps one play queue per listener, by id and by index (indexBasedQueue)', async () => {
    expect(await api().getPlayQueue()).not.toHaveProperty('playQueue');
    await api().savePlayQueue({ id: [ids.dawn!, ids.dusk!, ids.rain!], current: ids.dusk!, position: 4200 } as never);
    const { playQueue } = await api().getPlayQueue();
    expect(playQueue).toMatchObject({ current: ids.dusk, position: 4200, username: alice.email, changedBy: 'subsonic-api' });
    expect(playQueue!.entry!.map((s) => s.id)).toEqual([ids.dawn, ids.dusk, ids.rain]);
    expect(await as('bob').getPlayQueue()).not.toHaveProperty('playQueue');

    const byIndex = await customCall(api(), 'getPlayQueueByIndex');
    expect(byIndex.playQueueByIndex).toMatchObject({ currentIndex: 1, position: 4200 });
    await customCall(api(), 'savePlayQueueByIndex', { id: [ids.rain!, ids.rain!], currentIndex: 1, position: 10 });
    const again = await customCall<{ playQueueByIndex: { entry: { id: string }[] } }>(api(), 'getPlayQueueByIndex');
    expect(again.playQueueByIndex).toMatchObject({ currentIndex: 1, position: 10 });
    expect(again.playQueueByIndex.entry.map((s) => s.id)).toEqual([ids.rain, ids.rain]);

    expect(await api().savePlayQueue({ id: ['0123456789abcdef01234567'] } as never)).toMatchObject({ error: { code: 70 } });
    expect(await api().savePlayQueue({ id: [ids.dawn!], current: ids.rain! } as never)).toMatchObject({ error: { code: 0 } });
    expect(await customCall(api(), 'savePlayQueueByIndex', { id: [ids.dawn!], currentIndex: 3 })).toMatchObject({ error: { code: 0 } });
    await api().savePlayQueue({} as never);
    expect(await api().getPlayQueue()).not.toHaveProperty('playQueue');
  });

  it('keeps bookmarks per listener and song', async () => {
    await api().createBookmark({ id: ids.dawn!, position: 61_000, comment: 'chorus' });
    await api().createBookmark({ id: ids.dawn!, position: 62_000 });
    await api().createBookmark({ id: ids.rain!, position: 5 });
    const { bookmarks } = await api().getBookmarks();
    expect(bookmarks.bookmark!.map((b) => [b.entry.id, b.position, b.username])).toEqual([
      [ids.rain, 5, alice.email],
      [ids.dawn, 62_000, alice.email],
    ]);
    expect(none((await as('bob').getBookmarks()).bookmarks.bookmark)).toEqual([]);
    expect(await as('bob').deleteBookmark({ id: ids.dawn! })).toMatchObject({ error: { code: 70 } });
    await api().deleteBookmark({ id: ids.dawn! });
    await api().deleteBookmark({ id: ids.rain! });
    expect(none((await api().getBookmarks()).bookmarks.bookmark)).toEqual([]);
    expect(await api().createBookmark({ id: ids.dawn! } as never)).toMatchObject({ error: { code: 10 } });
    expect(await api().createBookmark({ id: '0123456789abcdef01234567', position: 1 })).toMatchObject({ error: { code: 70 } });
  });

  it('radio stations are an admin-kept list everyone reads; podcasts are an empty list', async () => {
    const station = { name: 'Lantern FM', streamUrl: 'https://radio.example.com/live', homepageUrl: 'https://radio.example.com' };
    expect(await api().createInternetRadioStation(station)).toMatchObject({ error: { code: 50 } });
    expect(await as('admin').createInternetRadioStation({ ...station, streamUrl: 'javascript:alert(1)' })).toMatchObject({ error: { code: 0 } });
    await as('admin').createInternetRadioStation(station);
    const listed = (await api().getInternetRadioStations()).internetRadioStations.internetRadioStation!;
    expect(listed).toEqual([{ id: expect.any(String), name: 'Lantern FM', streamUrl: station.streamUrl, homePageUrl: station.homepageUrl }]);
    const id = listed[0]!.id;
    await as('admin').updateInternetRadioStation({ id, name: 'Lantern Radio', streamUrl: station.streamUrl });
    expect((await api().getInternetRadioStations()).internetRadioStations.internetRadioStation![0]).toEqual({ id, name: 'Lantern Radio', streamUrl: station.streamUrl });
    expect(await api().deleteInternetRadioStation({ id })).toMatchObject({ error: { code: 50 } });
    await as('admin').deleteInternetRadioStation({ id });
    expect(none((await api().getInternetRadioStations()).internetRadioStations.internetRadioStation)).toEqual([]);
    expect(await as('admin').deleteInternetRadioStation({ id })).toMatchObject({ error: { code: 70 } });
    expect((await api().getPodcasts()).podcasts).toEqual({});
  });

  it('scan status and startScan (admin only), tokenInfo', async () => {
    expect((await api().getScanStatus()).scanStatus).toEqual({ scanning: false, count: 0 });
    expect(await api().startScan()).toMatchObject({ error: { code: 50 } });
    expect((await as('admin').startScan()).scanStatus).toMatchObject({ scanning: false });
    expect((await customCall(api(), 'tokenInfo')).tokenInfo).toEqual({ username: alice.email });
  });

  it('now playing comes from "now playing" notices; plays count for frequent, recent and the analytics', async () => {
    await api().scrobble({ id: ids.zebra!, submission: false });
    await as('bob').scrobble({ id: ids.dawn!, submission: false });
    const { nowPlaying } = await api().getNowPlaying();
    expect(nowPlaying.entry!.map((e) => [e.title, e.username, e.minutesAgo, e.playerName])).toEqual([
      ['Dawn', bob.email, 0, 'subsonic-api'],
      ['Zebra Crossing', alice.email, 0, 'subsonic-api'],
    ]);
    await api().scrobble({ id: ids.zebra!, submission: true });
    await api().scrobble({ id: ids.zebra!, submission: true });
    const frequent = await api().getAlbumList2({ type: 'frequent', size: 1 });
    expect(frequent.albumList2.album![0]!.name).toBe('Stripes');
    const recent = await api().getAlbumList({ type: 'recent', size: 1 });
    expect(recent.albumList.album![0]!.title).toBe('Stripes');
    const analytics = await request(app).get('/api/admin/analytics').set('x-auth-token', admin.token);
    expect(analytics.body.data.mostPlayed[0]).toMatchObject({ song: { _id: ids.zebra } });
  });
});

describe('the web player reports its plays (POST /api/plays)', () => {
  it('shows in getNowPlaying, counts a finished play, and refuses bad reports', async () => {
    const api = subsonicClient(server.url, { apiKey: keys.bob! }, 'json');
    const played = async () => (await api.getSong({ id: ids.dusk! })).song.playCount ?? 0;
    const before = await played();
    await request(app).post('/api/plays').set('x-auth-token', alice.token).send({ songId: ids.dusk, submission: false }).expect(204);
    const { nowPlaying } = await api.getNowPlaying();
    expect(nowPlaying.entry!.find((e) => e.username === alice.email && e.playerName === 'Samaa web player')?.id).toBe(ids.dusk);
    await request(app).post('/api/plays').set('x-auth-token', alice.token).send({ songId: ids.dusk, submission: true }).expect(204);
    expect(await played()).toBe(before + 1);

    expect((await request(app).post('/api/plays').send({ songId: ids.dusk, submission: true })).status).toBe(401);
    const bad = await request(app).post('/api/plays').set('x-auth-token', alice.token).send({ songId: 'x', submission: 'maybe' });
    expect(bad.status).toBe(400);
    const gone = await request(app).post('/api/plays').set('x-auth-token', alice.token).send({ songId: '0123456789abcdef01234567', submission: true });
    expect(gone.status).toBe(404);
  });

  it('a deleted listener takes their queue, bookmarks and now-playing notices along', async () => {
    const carol = await createUser();
    const key = (await createApiKey(ctx, carol._id, { name: 'Phone' })).key;
    const api = subsonicClient(server.url, { username: carol.email, password: key }, 'json');
    await api.savePlayQueue({ id: [ids.dawn!] } as never);
    await api.createBookmark({ id: ids.dawn!, position: 1 });
    await api.scrobble({ id: ids.rain!, submission: false });
    await request(app).delete(`/api/users/${carol._id}`).set('x-auth-token', admin.token).expect(200);
    const BookmarksModel = ctx.data.model((await import('./store/listening.model.js')).BOOKMARKS_MODEL);
    const PlayQueueModel = ctx.data.model((await import('../playQueue/playQueue.model.js')).PLAY_QUEUE_MODEL);
    const NowPlayingModel = ctx.data.model((await import('../analytics/nowPlaying.model.js')).NOW_PLAYING_MODEL);
    expect(await PlayQueueModel.findById(carol._id).lean()).toBeNull();
    expect(await BookmarksModel.findById(carol._id).lean()).toBeNull();
    expect(await NowPlayingModel.countDocuments({ user: carol._id })).toBe(0);
  });
});
