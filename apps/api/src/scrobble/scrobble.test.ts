import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROBBLE_MESSAGES, WEB_PLAYER_NAME } from '@samaa/shared';
import type { LastfmFake, ListenBrainzFake } from '@samaa/test-fakes';
import type { AppContext } from '../context.js';
import { LONG_ROAD, startScrobbleServices, type ScrobbleServices } from '../test/scrobbleServices.js';
import { createApp } from '../app.js';
import { createLogger } from '../logger.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestContext, createUser, type TestUser } from '../test/context.js';
import { insertSong } from '../songs/songs.repo.js';
import { connectionsOf, pendingKeys, queuedListens, queueKey } from './scrobble.repo.js';
import { startScrobbleSender, type ScrobbleSender } from './scrobbleSender.js';

useTestDatabase();
let lb: ListenBrainzFake;
let lastfm: LastfmFake;
let app: ReturnType<typeof createApp>;
let ctx: AppContext;
let services: ScrobbleServices;
let sender: ScrobbleSender;
let listener: TestUser;
let other: TestUser;
let song: { _id: string };
let shortSong: { _id: string };
/** Every log line and every response body and header of this file, searched for secrets at the end. */
const seen: string[] = [];

const LB_TOKEN = 'lb-token-0f3a9c2e-7d41-4b8e-9a55-1c2d3e4f5a6b';

beforeAll(async () => {
  const logs = new Writable({
    write(chunk: Buffer, _enc, done) {
      seen.push(chunk.toString());
      done();
    },
  });
  services = await startScrobbleServices({ logger: createLogger('trace', logs) });
  ({ lb, lastfm, ctx } = services);
  app = createApp(ctx);
  sender = startScrobbleSender(ctx, { pollMs: 50, timeoutMs: 500, baseBackoffMs: 100, maxBackoffMs: 400 });
  await clearDatabase();
  [listener, other] = await Promise.all([createUser(), createUser()]);
  song = await insertSong(ctx.data, LONG_ROAD);
  shortSong = await insertSong(ctx.data, { name: 'Jingle', artist: 'The Fakes', duration: 20, img: 'https://example.com/c.jpg', song: 'https://example.com/j.mp3' });
  lb.addUser(LB_TOKEN, 'lb-listener');
});
afterAll(async () => {
  await sender.stop();
  await services.close();
});
beforeEach(() => services.reset());

/** A request whose answer is kept for the secrets check. */
async function kept<T extends { text: string; headers: Record<string, string> }>(res: Promise<T> | T): Promise<T> {
  const done = await res;
  seen.push(done.text ?? '', JSON.stringify(done.headers));
  return done;
}

const as = (user: TestUser) => ({ 'x-auth-token': user.token });

async function connectLastfm(user: TestUser, lastfmName: string) {
  lastfm.approveAs(lastfmName);
  const connect = await kept(request(app).get('/api/account/lastfm/connect').set(as(user)).expect(200));
  const signIn = await fetch(connect.body.url as string, { redirect: 'manual' });
  const back = new URL(signIn.headers.get('location')!);
  expect(back.pathname).toBe('/api/account/lastfm/callback');
  return kept(request(app).get(`${back.pathname}${back.search}`));
}

describe('connecting and disconnecting', () => {
  it('ListenBrainz: a token the service does not know is a 400; a valid one is kept with its user name, never shown', async () => {
    const bad = await kept(request(app).put('/api/account/listenbrainz').set(as(listener)).send({ token: 'not-a-real-token' }).expect(400));
    expect(bad.body.message).toBe(SCROBBLE_MESSAGES.listenBrainzInvalidToken);
    expect((await kept(request(app).put('/api/account/listenbrainz').set(as(listener)).send({})).then((r) => r)).status).toBe(400);
    await request(app).put('/api/account/listenbrainz').send({ token: LB_TOKEN }).expect(401);

    const ok = await kept(request(app).put('/api/account/listenbrainz').set(as(listener)).send({ token: LB_TOKEN }).expect(200));
    expect(ok.body.message).toBe(SCROBBLE_MESSAGES.listenBrainzConnected);
    expect(ok.body.data.listenbrainz).toMatchObject({ userName: 'lb-listener', needsReconnect: false, pending: 0 });
    const status = await kept(request(app).get('/api/account/scrobbling').set(as(listener)).expect(200));
    expect(status.body.data).toMatchObject({ listenbrainz: { userName: 'lb-listener' }, lastfm: null, lastfmConfigured: true });
    // Sealed at rest: the stored document does not hold the token.
    expect(JSON.stringify(await connectionsOf(ctx.data, listener._id))).not.toContain(LB_TOKEN);
    // Another listener sees only their own (nothing).
    expect((await kept(request(app).get('/api/account/scrobbling').set(as(other)).expect(200))).body.data.listenbrainz).toBeNull();
  });

  it('Last.fm: web sign-in through a signed state, the session kept; a bad or foreign state is refused', async () => {
    const done = await connectLastfm(listener, 'fm-listener');
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('http://localhost:3000/account/scrobbling?lastfm=connected');
    const status = await kept(request(app).get('/api/account/scrobbling').set(as(listener)).expect(200));
    expect(status.body.data.lastfm).toMatchObject({ userName: 'fm-listener', needsReconnect: false });
    expect(JSON.stringify(await connectionsOf(ctx.data, listener._id))).not.toContain(lastfm.sessionKeyOf('fm-listener')!);

    const connect = await kept(request(app).get('/api/account/lastfm/connect').set(as(other)).expect(200));
    const url = new URL(connect.body.url as string);
    expect(url.searchParams.get('api_key')).toBe(lastfm.apiKey);
    const state = new URL(url.searchParams.get('cb')!).searchParams.get('state')!;
    const [id, expires, nonce, sig] = state.split('.');
    const forged = `${listener._id}.${expires}.${nonce}.${sig}`;
    expect(id).toBe(other._id);
    for (const bad of [forged, 'garbage', `${state}x`, '']) {
      const res = await kept(request(app).get(`/api/account/lastfm/callback?${new URLSearchParams({ state: bad, token: 'abc123' })}`));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SCROBBLE_MESSAGES.lastfmBadState);
    }
    // A token Last.fm never issued: the browser goes back to the page, which says it failed.
    const unknown = await kept(request(app).get(`/api/account/lastfm/callback?${new URLSearchParams({ state, token: 'deadbeef' })}`).expect(302));
    expect(unknown.headers.location).toContain('lastfm=failed');
    expect((await kept(request(app).get('/api/account/scrobbling').set(as(other)))).body.data.lastfm).toBeNull();
    await request(app).get('/api/account/lastfm/connect').expect(401);
  });

  it('without a Last.fm key and secret, Last.fm is not configured', async () => {
    const plain = createApp(createTestContext({ LISTENBRAINZ_API_URL: lb.url }));
    const res = await kept(request(plain).get('/api/account/lastfm/connect').set(as(other)).expect(409));
    expect(res.body.message).toBe(SCROBBLE_MESSAGES.lastfmNotConfigured);
    expect((await request(plain).get('/api/account/scrobbling').set(as(other)).expect(200)).body.data.lastfmConfigured).toBe(false);
    // The app under test is configured again (the settings are per process).
    app = createApp(ctx);
  });
});

describe('what is played reaches both services', () => {
  it('the web player: now playing at the start, one listen dated from the start', async () => {
    const before = Math.floor(Date.now() / 1000);
    await request(app).post('/api/plays').set(as(listener)).send({ songId: song._id, submission: false }).expect(204);
    await vi.waitFor(() => {
      expect(lb.playingNow).toHaveLength(1);
      expect(lastfm.nowPlaying).toEqual([{ user: 'fm-listener', artist: 'The Fakes', track: 'Long Road' }]);
    });
    expect(lb.playingNow[0]!.payload[0]).toEqual({
      track_metadata: {
        artist_name: 'The Fakes',
        track_name: 'Long Road',
        release_name: 'Wire Format',
        additional_info: { duration_ms: 200_000, submission_client: 'Samaa', media_player: WEB_PLAYER_NAME },
      },
    });
    await request(app).post('/api/plays').set(as(listener)).send({ songId: song._id, submission: true }).expect(204);
    await vi.waitFor(() => {
      expect(lb.listens).toHaveLength(1);
      expect(lastfm.scrobbles).toHaveLength(1);
    });
    expect(lb.listens[0]!.listened_at).toBeGreaterThanOrEqual(before);
    expect(lb.listens[0]!.listened_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(lastfm.scrobbles[0]).toMatchObject({ user: 'fm-listener', artist: 'The Fakes', track: 'Long Road', album: 'Wire Format', timestamp: lb.listens[0]!.listened_at });
    await vi.waitFor(async () => expect(await pendingKeys(ctx.data)).toEqual([]));
    // A listener with nothing connected sends nothing.
    await request(app).post('/api/plays').set(as(other)).send({ songId: song._id, submission: true }).expect(204);
    expect(await queuedListens(ctx.data, queueKey(other._id, 'listenbrainz'))).toEqual([]);
  });

  it('Subsonic scrobble: submission=false is now playing, a submission is a listen at its time', async () => {
    const auth = { u: listener.email, p: listener.password, v: '1.16.1', c: 'Symfonium', f: 'json' };
    const now = await request(app).get(`/rest/scrobble?${new URLSearchParams({ ...auth, id: song._id, submission: 'false' })}`).expect(200);
    expect(now.body['subsonic-response'].status).toBe('ok');
    await vi.waitFor(() => {
      expect(lb.playingNow).toHaveLength(1);
      expect(lastfm.nowPlaying).toHaveLength(1);
    });
    expect(lb.playingNow[0]!.payload[0]!.track_metadata.additional_info).toMatchObject({ media_player: 'Symfonium' });
    const time = Date.now() - 3_600_000;
    await request(app).get(`/rest/scrobble?${new URLSearchParams({ ...auth, id: song._id, time: String(time) })}`).expect(200);
    await vi.waitFor(() => {
      expect(lb.listens.map((l) => l.listened_at)).toEqual([Math.floor(time / 1000)]);
      expect(lastfm.scrobbles.map((s) => s.timestamp)).toEqual([Math.floor(time / 1000)]);
    });
  });

  it('a song shorter than 30 seconds is counted here but never scrobbled', async () => {
    await request(app).post('/api/plays').set(as(listener)).send({ songId: shortSong._id, submission: false }).expect(204);
    await request(app).post('/api/plays').set(as(listener)).send({ songId: shortSong._id, submission: true }).expect(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lb.arrivals).toHaveLength(0);
    expect(lastfm.arrivals).toHaveLength(0);
  });
});

describe('disconnecting and deleting', () => {
  it('disconnects each service (owners only: each listener has their own)', async () => {
    const lb2 = await kept(request(app).delete('/api/account/listenbrainz').set(as(listener)).expect(200));
    expect(lb2.body).toMatchObject({ message: SCROBBLE_MESSAGES.listenBrainzDisconnected, data: { listenbrainz: null } });
    const fm = await kept(request(app).delete('/api/account/lastfm').set(as(listener)).expect(200));
    expect(fm.body).toMatchObject({ message: SCROBBLE_MESSAGES.lastfmDisconnected, data: { lastfm: null, listenbrainz: null } });
    await request(app).post('/api/plays').set(as(listener)).send({ songId: song._id, submission: true }).expect(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lb.arrivals).toHaveLength(0);
    await request(app).delete('/api/account/lastfm').expect(401);
  });

  it('a deleted user takes their connections and queued listens along', async () => {
    await request(app).put('/api/account/listenbrainz').set(as(other)).send({ token: LB_TOKEN }).expect(200);
    lb.down();
    await request(app).post('/api/plays').set(as(other)).send({ songId: song._id, submission: true }).expect(204);
    await vi.waitFor(() => expect(lb.arrivals.length).toBeGreaterThan(0));
    expect(await queuedListens(ctx.data, queueKey(other._id, 'listenbrainz'))).toHaveLength(1);
    await ctx.events.emit('userDeleted', other._id);
    expect(await connectionsOf(ctx.data, other._id)).toEqual({});
    expect(await queuedListens(ctx.data, queueKey(other._id, 'listenbrainz'))).toEqual([]);
    expect(await pendingKeys(ctx.data)).not.toContain(queueKey(other._id, 'listenbrainz'));
    lb.recover();
  });
});

describe('secrets', () => {
  it('no token, session key or shared secret is in any response or log line', () => {
    const secrets = [LB_TOKEN, lastfm.sessionKeyOf('fm-listener')!, lastfm.secret];
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
