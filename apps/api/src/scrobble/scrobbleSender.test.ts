import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LastfmFake, ListenBrainzFake } from '@samaa/test-fakes';
import type { AppContext } from '../context.js';
import { LONG_ROAD, startScrobbleServices, type ScrobbleServices } from '../test/scrobbleServices.js';
import { createApp } from '../app.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createUser, type TestUser } from '../test/context.js';
import { insertSong } from '../songs/songs.repo.js';
import { pendingKeys, queuedListens, queueKey } from './scrobble.repo.js';
import { startScrobbleSender, type ScrobbleSender, type SenderOptions } from './scrobbleSender.js';

useTestDatabase();
let lb: ListenBrainzFake;
let lastfm: LastfmFake;
let ctx: AppContext;
let services: ScrobbleServices;
let app: ReturnType<typeof createApp>;
let sender: ScrobbleSender;
let songId: string;
let tokens = 0;

const OPTIONS: SenderOptions = { pollMs: 50, timeoutMs: 300, baseBackoffMs: 100, maxBackoffMs: 400 };

beforeAll(async () => {
  services = await startScrobbleServices();
  ({ lb, lastfm, ctx } = services);
  app = createApp(ctx);
  sender = startScrobbleSender(ctx, OPTIONS);
  await clearDatabase();
  songId = (await insertSong(ctx.data, LONG_ROAD))._id;
});
afterAll(async () => {
  await sender.stop();
  await services.close();
});
beforeEach(() => services.reset());

const as = (user: TestUser) => ({ 'x-auth-token': user.token });

/** A new listener connected to both services; returns them and their ListenBrainz token. */
async function connectedListener(): Promise<{ user: TestUser; token: string; fmName: string }> {
  const user = await createUser();
  tokens += 1;
  const token = `lb-token-${tokens}-${user._id}`;
  lb.addUser(token, `lb-${tokens}`);
  await request(app).put('/api/account/listenbrainz').set(as(user)).send({ token }).expect(200);
  const fmName = `fm-${tokens}`;
  lastfm.approveAs(fmName);
  const { body } = await request(app).get('/api/account/lastfm/connect').set(as(user)).expect(200);
  const back = new URL((await fetch(body.url as string, { redirect: 'manual' })).headers.get('location')!);
  await request(app).get(`${back.pathname}${back.search}`).expect(302);
  return { user, token, fmName };
}

/** Listens from a Subsonic app, one per time (ms), in one call. */
async function scrobble(user: TestUser, times: number[]) {
  const query = new URLSearchParams({ u: user.email, p: user.password, v: '1.16.1', c: 'test', f: 'json' });
  for (const time of times) {
    query.append('id', songId);
    query.append('time', String(time));
  }
  const res = await request(app).get(`/rest/scrobble?${query}`).expect(200);
  expect(res.body['subsonic-response'].status).toBe('ok');
}

const timesAgo = (count: number) => Array.from({ length: count }, (_, i) => Date.now() - (count - i) * 300_000);
const seconds = (times: number[]) => times.map((t) => Math.floor(t / 1000));

describe('the sender', () => {
  it('services down for a while, the sender restarted meanwhile: every listen arrives, exactly once', async () => {
    const { user } = await connectedListener();
    lb.down();
    lastfm.failWith(503);
    const times = timesAgo(3);
    await scrobble(user, times);
    await vi.waitFor(() => {
      expect(lb.arrivals.length).toBeGreaterThanOrEqual(2);
      expect(lastfm.arrivals.length).toBeGreaterThanOrEqual(2);
    });
    // The server goes away with the listens still queued (in the database).
    await sender.stop();
    expect(await queuedListens(ctx.data, queueKey(user._id, 'listenbrainz'))).toHaveLength(3);
    expect(await queuedListens(ctx.data, queueKey(user._id, 'lastfm'))).toHaveLength(3);
    lb.recover();
    lastfm.recover();
    sender = startScrobbleSender(ctx, OPTIONS);
    await vi.waitFor(async () => expect(await pendingKeys(ctx.data)).toEqual([]), { timeout: 10_000 });
    expect(lb.listens.map((l) => l.listened_at)).toEqual(seconds(times));
    expect(lastfm.scrobbles.map((s) => s.timestamp)).toEqual(seconds(times));
    // Sent once each: nothing reached a service before it was up.
    expect(lb.submissions.flatMap((s) => s.payload)).toHaveLength(3);
    expect(lastfm.submissions.flatMap((s) => s.tracks)).toHaveLength(3);
  });

  it('more than Last.fm takes in one call goes in batches of 50', async () => {
    const { user } = await connectedListener();
    lastfm.down();
    lb.down();
    const times = timesAgo(60);
    await scrobble(user, times);
    await vi.waitFor(() => expect(lastfm.arrivals.length).toBeGreaterThan(0));
    lastfm.recover();
    lb.recover();
    await vi.waitFor(async () => expect(await pendingKeys(ctx.data)).toEqual([]), { timeout: 10_000 });
    expect(lastfm.submissions.map((s) => s.tracks.length)).toEqual([50, 10]);
    expect(lastfm.scrobbles).toHaveLength(60);
    expect(lb.listens).toHaveLength(60);
    expect(lb.submissions.map((s) => s.listenType)).toEqual(['import']);
  });

  it('a service too slow to answer in time: tried again, and the listen is kept once by the service', async () => {
    const { user } = await connectedListener();
    lb.slow(700);
    const times = timesAgo(1);
    await scrobble(user, times);
    await vi.waitFor(() => expect(lb.arrivals.length).toBeGreaterThanOrEqual(1));
    await vi.waitFor(() => expect(lb.listens).toHaveLength(1));
    lb.recover();
    await vi.waitFor(async () => expect(await queuedListens(ctx.data, queueKey(user._id, 'listenbrainz'))).toEqual([]), { timeout: 10_000 });
    // The first try arrived though its answer came too late; the second is the same listen.
    expect(lb.submissions.length).toBeGreaterThanOrEqual(2);
    expect(lb.listens.map((l) => l.listened_at)).toEqual(seconds(times));
    // Tries made while it was slow are still being answered: let them end before the next test.
    await new Promise((resolve) => setTimeout(resolve, 800));
  });

  it("a 429's Retry-After is honoured by both services", async () => {
    const { user } = await connectedListener();
    const [lbFrom, fmFrom] = [lb.arrivals.length, lastfm.arrivals.length];
    lb.failWith(429, 1, 1);
    lastfm.failWith(429, 1, 1);
    await scrobble(user, timesAgo(1));
    await vi.waitFor(() => {
      expect(lb.listens).toHaveLength(1);
      expect(lastfm.scrobbles).toHaveLength(1);
    }, { timeout: 10_000 });
    for (const arrivals of [lb.arrivals.slice(lbFrom), lastfm.arrivals.slice(fmFrom)]) {
      expect(arrivals).toHaveLength(2);
      // Without the header the backoff would have been 100 ms.
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(1000);
    }
  });

  it('a refused token or session: the connection needs renewing, its listens wait, and go once it is renewed', async () => {
    const { user, token, fmName } = await connectedListener();
    lb.revoke(token);
    lastfm.revokeSession(fmName);
    const times = timesAgo(1);
    await scrobble(user, times);
    await vi.waitFor(async () => {
      const { body } = await request(app).get('/api/account/scrobbling').set(as(user)).expect(200);
      expect(body.data.listenbrainz).toMatchObject({ needsReconnect: true, pending: 1 });
      expect(body.data.lastfm).toMatchObject({ needsReconnect: true, pending: 1 });
    });
    const tried = lb.arrivals.length + lastfm.arrivals.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lb.arrivals.length + lastfm.arrivals.length).toBe(tried);
    expect(await pendingKeys(ctx.data)).toEqual([]);

    lb.addUser(token, 'lb-again');
    await request(app).put('/api/account/listenbrainz').set(as(user)).send({ token }).expect(200);
    await vi.waitFor(() => expect(lb.listens.map((l) => l.listened_at)).toEqual(seconds(times)));
    lastfm.approveAs(fmName);
    const { body } = await request(app).get('/api/account/lastfm/connect').set(as(user)).expect(200);
    const back = new URL((await fetch(body.url as string, { redirect: 'manual' })).headers.get('location')!);
    await request(app).get(`${back.pathname}${back.search}`).expect(302);
    await vi.waitFor(() => expect(lastfm.scrobbles.map((s) => s.timestamp)).toEqual(seconds(times)));
    const status = await request(app).get('/api/account/scrobbling').set(as(user)).expect(200);
    expect(status.body.data.listenbrainz).toMatchObject({ needsReconnect: false, pending: 0 });
  });
});
