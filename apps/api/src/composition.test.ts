import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '@samaa/shared';
import { useTestDatabase } from './test/db.js';
import { createTestContext, createUser } from './test/context.js';
import { createApp } from './app.js';
import { createAppEvents, subscribeCleanups } from './composition.js';
import type { AppEventBus, AppEvents } from './context.js';
import { capturedLogger } from './test/logLines.js';
import * as apiKeys from './apiKeys/apiKeys.service.js';
import * as likes from './likes/likes.service.js';
import * as playlists from './playlists/playlists.service.js';
import { createSong } from './songs/songs.service.js';

useTestDatabase();

/** A bus that records what is subscribed, to read the composition root's table back. */
function recordingBus() {
  const subscribed: [keyof AppEvents, string | undefined, unknown][] = [];
  const bus = {
    on: (event: keyof AppEvents, handler: unknown, owner?: string) => (
      subscribed.push([event, owner, handler]),
      () => {}
    ),
  };
  return { bus: bus as unknown as AppEventBus, subscribed };
}

/** A test app whose bus logs to `lines`, with a failing and a slow handler subscribed next to the features' cleanups. */
function appWithExtraHandlers() {
  const { logger, lines } = capturedLogger('error');
  const base = createTestContext();
  const ctx = { ...base, events: createAppEvents(logger, base) };
  const finished: string[] = [];
  for (const event of ['userDeleted', 'songDeleted'] as const) {
    ctx.events.on(event, () => Promise.reject(new Error('failing on purpose')), 'failing');
    ctx.events.on(
      event,
      async (id) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        finished.push(`${event}:${id}`);
      },
      'slow',
    );
  }
  return { app: createApp(ctx), ctx, lines, finished };
}

describe('the composition root', () => {
  it("subscribes each feature's own cleanup, on the app's data, to the deletes it follows", () => {
    const { bus, subscribed } = recordingBus();
    subscribeCleanups(bus, createTestContext());
    expect(subscribed.map(([event, owner]) => [event, owner])).toEqual([
      ['userDeleted', 'playlists'],
      ['userDeleted', 'likes'],
      ['userDeleted', 'accounts'],
      ['userDeleted', 'apiKeys'],
      ['userDeleted', 'analytics'],
      ['userDeleted', 'subsonic listening'],
      ['userDeleted', 'playQueue'],
      ['userDeleted', 'shares'],
      ['userDeleted', 'scrobble'],
      ['userDeleted', 'playlistImport'],
      ['songDeleted', 'playlists'],
      ['songDeleted', 'likes'],
      ['songDeleted', 'analytics'],
      ['songDeleted', 'lyrics'],
      ['playlistDeleted', 'playlistImport'],
    ]);
    // Each is bound to this app's parts (its data, its playlists' store): none is the bare use case.
    expect(subscribed.map(([, , handler]) => handler)).not.toContain(playlists.forgetUser);
    expect(subscribed.map(([, , handler]) => handler)).not.toContain(likes.forgetUser);
  });

  it('deleting a user runs every cleanup before answering, even when one fails', async () => {
    const { app, ctx, lines, finished } = appWithExtraHandlers();
    const admin = await createUser({ admin: true });
    const victim = await createUser();
    const song = await createSong(ctx, {
      name: 'Kept',
      artist: 'Artist',
      img: 'https://x/i.png',
      song: 'https://x/a.mp3',
    });
    await likes.setLiked(ctx, victim._id, song._id, true);
    await playlists.createPlaylist(ctx, victim._id, { name: 'Theirs' });
    await apiKeys.createApiKey(ctx, victim._id, { name: 'phone' });

    const res = await request(app)
      .delete(`/api/users/${victim._id}`)
      .set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(finished).toEqual([`userDeleted:${victim._id}`]);
    expect(lines.filter((line) => line.owner === 'failing').map((line) => line.event)).toEqual([
      'userDeleted',
    ]);
    expect(await likes.likedSongIds(ctx.data, victim._id)).toEqual([]);
    expect(await playlists.userPlaylists(ctx, victim._id)).toEqual([]);
    expect(await apiKeys.listApiKeys(ctx.data, victim._id)).toEqual([]);
  });

  it('deleting a song runs every cleanup before answering, even when one fails', async () => {
    const { app, ctx, lines, finished } = appWithExtraHandlers();
    const admin = await createUser({ admin: true });
    const fan = await createUser();
    const song = await createSong(ctx, {
      name: 'Gone',
      artist: 'Artist',
      img: 'https://x/i.png',
      song: 'https://x/a.mp3',
    });
    await likes.setLiked(ctx, fan._id, song._id, true);
    const playlist = await playlists.createPlaylist(ctx, fan._id, { name: 'Mix' });
    await playlists.addSong(ctx, playlist._id, song._id, fan._id);

    const res = await request(app)
      .delete(`/api/songs/${song._id}`)
      .set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: CATALOGUE_MESSAGES.songDeleted });
    expect(finished).toEqual([`songDeleted:${song._id}`]);
    expect(lines.filter((line) => line.owner === 'failing').map((line) => line.event)).toEqual([
      'songDeleted',
    ]);
    expect(await likes.likedSongIds(ctx.data, fan._id)).toEqual([]);
    expect((await playlists.ownPlaylist(ctx, playlist._id, fan._id)).songs).toEqual([]);
  });
});
