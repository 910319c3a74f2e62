import type { Schema } from 'mongoose';
import type { ModelDefinition } from './db/appData.js';
import { STAMP_MODEL } from './db/sharedStamp.js';
import { NOW_PLAYING_MODEL } from './analytics/nowPlaying.model.js';
import { PLAY_MODEL } from './analytics/play.model.js';
import { API_KEY_MODEL } from './apiKeys/apiKey.model.js';
import {
  LIBRARY_DIR_MODEL,
  LIBRARY_FILE_MODEL,
  LIBRARY_LEASE_MODEL,
  LIBRARY_STATUS_MODEL,
} from './libraries/libraryFile.model.js';
import { LIKE_MODEL } from './likes/like.model.js';
import { LYRICS_MODEL } from './lyrics/lyrics.model.js';
import { PLAY_QUEUE_MODEL } from './playQueue/playQueue.model.js';
import { PLAYLIST_MODEL } from './playlists/playlist.model.js';
import { USER_PLAYLISTS_MODEL } from './playlists/userPlaylists.model.js';
import { IMPORT_CHUNK_MODEL, IMPORT_HEADER_MODEL } from './playlistImport/importRows.model.js';
import {
  SCROBBLE_CONNECTION_MODEL,
  SCROBBLE_PENDING_MODEL,
  SCROBBLE_QUEUE_MODEL,
} from './scrobble/scrobble.model.js';
import { SHARE_MODEL, USER_SHARES_MODEL } from './shares/share.model.js';
import { CATALOGUE_VERSION_MODEL } from './songs/songCatalogue.repo.js';
import { SONG_MODEL } from './songs/song.model.js';
import { BOOKMARKS_MODEL, RADIO_STATION_MODEL } from './subsonic/store/listening.model.js';
import { PASSWORD_RESET_MODEL } from './users/passwordReset.model.js';
import { USER_MODEL } from './users/user.model.js';
import { VERIFICATION_TOKEN_MODEL } from './users/verificationToken.model.js';

/**
 * Every model the features keep an app's data in: their indexes are built on the app's
 * connection when the database opens (db/open.ts), and on each test database.
 */
export const APP_MODELS: readonly ModelDefinition<Schema>[] = [
  SONG_MODEL,
  CATALOGUE_VERSION_MODEL,
  STAMP_MODEL,
  USER_MODEL,
  VERIFICATION_TOKEN_MODEL,
  PASSWORD_RESET_MODEL,
  API_KEY_MODEL,
  LIKE_MODEL,
  LYRICS_MODEL,
  PLAY_MODEL,
  NOW_PLAYING_MODEL,
  SHARE_MODEL,
  USER_SHARES_MODEL,
  SCROBBLE_CONNECTION_MODEL,
  SCROBBLE_QUEUE_MODEL,
  SCROBBLE_PENDING_MODEL,
  BOOKMARKS_MODEL,
  RADIO_STATION_MODEL,
  LIBRARY_FILE_MODEL,
  LIBRARY_DIR_MODEL,
  LIBRARY_STATUS_MODEL,
  LIBRARY_LEASE_MODEL,
  PLAY_QUEUE_MODEL,
  PLAYLIST_MODEL,
  USER_PLAYLISTS_MODEL,
  IMPORT_HEADER_MODEL,
  IMPORT_CHUNK_MODEL,
] as ModelDefinition<Schema>[];
