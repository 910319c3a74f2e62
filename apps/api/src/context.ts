import type { Config } from './config/config.js';
import type { AppData } from './db/appData.js';
import type { EventBus } from './events/eventBus.js';
import type { Logger } from './logger.js';
import type { RedisLink } from './redis/redisLink.js';
import type { Catalogue } from './songs/catalogue.js';
import type { Scrobbling } from './scrobble/scrobble.service.js';
import type { Mailer } from './mail/mailer.js';
import type { Transcoder } from './transcode/transcoder.js';
import type { LibrariesRuntime } from './libraries/libraries.service.js';
import type { LrclibClient } from './lyrics/lrclib.client.js';
import type { PlaylistStore } from './playlists/playlists.service.js';
import type { KeySealer } from './apiKeys/keySeal.js';
import type { AccountsRuntime } from './users/accountsRuntime.js';

/** What every feature router is built from. Tests build one with test settings. */
export interface AppContext {
  config: Config;
  logger: Logger;
  /** Resolved HS256 secret (from JWT_SECRET, or the development secret under DATA_DIR). */
  jwtSecret: string;
  /** Set when REDIS_URL is: state shared with the other API processes. */
  redis?: RedisLink;
  /** What happened that other features follow (their cleanups are subscribed in composition.ts). */
  events: AppEventBus;
  /** The connection this app's repositories use, and their models on it (Mongoose's default connection in the server). */
  data: AppData;
  /** The song catalogue and its views (search index, Subsonic library...): this app's own. */
  catalogue: Catalogue;
  /** This app's playlists: their repository on `data` and what it keeps (lists, owners, bodies). */
  playlists: PlaylistStore;
  /** Seals the secrets this app keeps readable (app keys, scrobbling links) under its configured secret. */
  keySealer: KeySealer;
  /** Who follows this app's changes of users, and its sweeps of expired verification links. */
  accounts: AccountsRuntime;
  /** This app's scrobbling clients and what its listeners started playing. */
  scrobbling: Scrobbling;
  /** Where this app's mail goes (one transport). */
  mailer: Mailer;
  /** This app's one transcoder: its encodes are shared and counted against one limit. */
  transcoder: Transcoder;
  /** This app's music folders: scans, watchers and the tag-reader workers. */
  libraries: LibrariesRuntime;
  /** The LRCLIB-compatible lyrics service this app asks, when one is set. */
  lyricsService: LrclibClient | null;
}

/** What most use cases read and write: the app's data and its catalogue (an `AppContext` is one). */
export type Stores = Pick<AppContext, 'data' | 'catalogue'>;

/** What an app is made from; the rest of its context is made from these at composition. */
export type AppBase = Pick<AppContext, 'config' | 'logger' | 'jwtSecret' | 'redis' | 'data' | 'catalogue'>;

/** Every event a feature may raise, with its payload. */
export interface AppEvents {
  /** A user's record was deleted: the payload is their id. */
  userDeleted: string;
  /** A song's record was deleted: the payload is its id. */
  songDeleted: string;
  /** A playlist was deleted by its owner: the payload is its id. */
  playlistDeleted: string;
}

export type AppEventBus = EventBus<AppEvents>;
