import type { AppBase, AppContext, AppEventBus, AppEvents } from './context.js';
import type { AppData } from './db/appData.js';
import { createEventBus } from './events/eventBus.js';
import type { Logger } from './logger.js';
import * as analytics from './analytics/analytics.service.js';
import * as apiKeys from './apiKeys/apiKeys.service.js';
import * as likes from './likes/likes.service.js';
import * as lyrics from './lyrics/lyrics.service.js';
import * as playlists from './playlists/playlists.service.js';
import * as playlistImport from './playlistImport/playlistImport.service.js';
import * as listening from './subsonic/store/listening.service.js';
import * as playQueue from './playQueue/playQueue.service.js';
import * as accounts from './users/accounts.service.js';
import * as scrobble from './scrobble/scrobble.service.js';
import * as shares from './shares/shares.service.js';
import { createLibraries } from './libraries/libraries.service.js';
import { createAppMailer } from './mail/mailer.js';
import { createTranscoder } from './transcode/transcoder.js';
import { keySealer } from './apiKeys/keySeal.js';
import { createAccountsRuntime } from './users/accountsRuntime.js';

/*
 * The composition root: where features meet. A feature that keeps data about a user or a song
 * says what goes with them (`forgetUser` / `forgetSong` in its service) and is subscribed here
 * with one line; the feature that deletes raises the event and knows none of them.
 */

/** What the cleanups work on: this app's data and its playlists' store. */
export type CleanupDeps = Pick<AppContext, 'data' | 'playlists'>;

/** Subscribes each feature's cleanup of the app's data to the deletes it follows. The cleanups touch disjoint data. */
export function subscribeCleanups(events: AppEventBus, deps: CleanupDeps): void {
  const { data } = deps;
  const inData = (forget: (data: AppData, id: string) => Promise<unknown>) => (id: string) =>
    forget(data, id);
  events.on('userDeleted', (userId) => playlists.forgetUser(deps, userId), 'playlists');
  events.on('userDeleted', inData(likes.forgetUser), 'likes');
  events.on('userDeleted', inData(accounts.forgetUser), 'accounts');
  events.on('userDeleted', inData(apiKeys.forgetUser), 'apiKeys');
  events.on('userDeleted', inData(analytics.forgetUser), 'analytics');
  events.on('userDeleted', inData(listening.forgetUser), 'subsonic listening');
  events.on('userDeleted', inData(playQueue.forgetUser), 'playQueue');
  events.on('userDeleted', inData(shares.forgetUser), 'shares');
  events.on('userDeleted', inData(scrobble.forgetUser), 'scrobble');
  events.on('userDeleted', inData(playlistImport.forgetUser), 'playlistImport');

  events.on('songDeleted', (songId) => playlists.forgetSong(deps, songId), 'playlists');
  events.on('songDeleted', inData(likes.forgetSong), 'likes');
  events.on('songDeleted', inData(analytics.forgetSong), 'analytics');
  events.on('songDeleted', inData(lyrics.forgetSong), 'lyrics');

  events.on('playlistDeleted', inData(playlistImport.forgetPlaylist), 'playlistImport');
}

/** The application's event bus, with every feature's cleanup of its data subscribed. */
export function createAppEvents(logger: Logger, deps: CleanupDeps): AppEventBus {
  const events = createEventBus<AppEvents>(logger);
  subscribeCleanups(events, deps);
  return events;
}

/**
 * The app's context: what it is made from, and each part made once here and carried in it (the
 * playlists' store, event bus, key sealer, accounts' runtime, scrobbling, mailer, transcoder,
 * music folders, lyrics service), and the identities' read model in its data (users.repo.ts
 * `prepareIdentities`). Nothing is started.
 */
export function createAppContext(base: AppBase): AppContext {
  const { config, logger, jwtSecret, data } = base;
  const stores = { playlists: playlists.createPlaylistStore(data) };
  accounts.prepareIdentities(data);
  // Without a secret of its own, the sealing key is derived from the JWT secret (by HKDF, with
  // its own label: neither key reveals the other).
  const sealer = keySealer(config.subsonicKeySecret ?? jwtSecret, config.subsonicKeySecretPrevious);
  const parts = {
    ...base,
    ...stores,
    events: createAppEvents(logger, { ...stores, data }),
    keySealer: sealer,
    accounts: createAccountsRuntime(),
    scrobbling: scrobble.createScrobbling({ config, logger, jwtSecret, data, keySealer: sealer }),
    mailer: createAppMailer(config, logger),
    transcoder: createTranscoder({ config, logger }),
    lyricsService: lyrics.createLyricsService({ config, logger }),
  };
  return { ...parts, libraries: createLibraries(parts) };
}
