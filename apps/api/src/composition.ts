import type { AppBase, AppContext, AppEventBus, AppEvents } from './context.js';
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

/*
 * The composition root: where features meet. A feature that keeps data about a user or a song
 * says what goes with them (`forgetUser` / `forgetSong` in its service) and is subscribed here
 * with one line; the feature that deletes raises the event and knows none of them.
 */

/** Subscribes each feature's cleanup to the deletes it follows. The cleanups touch disjoint data. */
export function subscribeCleanups(events: AppEventBus): void {
  events.on('userDeleted', playlists.forgetUser, 'playlists');
  events.on('userDeleted', likes.forgetUser, 'likes');
  events.on('userDeleted', accounts.forgetUser, 'accounts');
  events.on('userDeleted', apiKeys.forgetUser, 'apiKeys');
  events.on('userDeleted', analytics.forgetUser, 'analytics');
  events.on('userDeleted', listening.forgetUser, 'subsonic listening');
  events.on('userDeleted', playQueue.forgetUser, 'playQueue');
  events.on('userDeleted', shares.forgetUser, 'shares');
  events.on('userDeleted', scrobble.forgetUser, 'scrobble');
  events.on('userDeleted', playlistImport.forgetUser, 'playlistImport');

  events.on('songDeleted', playlists.forgetSong, 'playlists');
  events.on('songDeleted', likes.forgetSong, 'likes');
  events.on('songDeleted', analytics.forgetSong, 'analytics');
  events.on('songDeleted', lyrics.forgetSong, 'lyrics');

  events.on('playlistDeleted', playlistImport.forgetPlaylist, 'playlistImport');
}

/** The application's event bus, with every feature's cleanup subscribed. */
export function createAppEvents(logger: Logger): AppEventBus {
  const events = createEventBus<AppEvents>(logger);
  subscribeCleanups(events);
  return events;
}

/**
 * The app's context: what it is made from, and each part made once here and carried in it (the
 * event bus, scrobbling, mailer, transcoder, music folders, lyrics service). Nothing is started.
 */
export function createAppContext(base: AppBase): AppContext {
  const { config, logger, jwtSecret } = base;
  const parts = {
    ...base,
    events: createAppEvents(logger),
    scrobbling: scrobble.createScrobbling({ config, logger, jwtSecret }),
    mailer: createAppMailer(config, logger),
    transcoder: createTranscoder({ config, logger }),
    lyricsService: lyrics.createLyricsService({ config, logger }),
  };
  return { ...parts, libraries: createLibraries(parts) };
}
