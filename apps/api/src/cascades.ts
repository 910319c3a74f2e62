import { forgetSong as forgetPlaysOfSong, forgetUser as forgetPlaysOfUser } from './analytics/analytics.service.js';
import { forgetUser as forgetApiKeysOfUser } from './apiKeys/apiKeys.service.js';
import { forgetSong as forgetLikesOfSong, forgetUser as forgetLikesOfUser } from './likes/likes.service.js';
import { forgetSong as forgetLyricsOfSong } from './lyrics/lyrics.service.js';
import { forgetSong as forgetSongInPlaylists, forgetUser as forgetPlaylistsOfUser } from './playlists/playlists.service.js';
import { forgetUser as forgetSharesOfUser } from './shares/shares.service.js';
import { forgetUser as forgetListeningOfUser } from './subsonic/store/listening.service.js';
import { forgetUser as forgetLinksOfUser } from './users/accounts.service.js';
import { forgetUser as forgetScrobblingOfUser } from './scrobble/scrobble.service.js';

/*
 * What goes with a user or a song, in one place. Each feature says what happens to its own data
 * (`forgetUser` / `forgetSong` in its service); the delete that owns the event removes the user
 * or the song first, then runs every hook here. The hooks touch disjoint data, so they run side
 * by side.
 */

type Forget = (id: string) => Promise<unknown>;

const userHooks: readonly Forget[] = [
  forgetPlaylistsOfUser,
  forgetLikesOfUser,
  forgetLinksOfUser,
  forgetApiKeysOfUser,
  forgetPlaysOfUser,
  forgetListeningOfUser,
  forgetSharesOfUser,
  forgetScrobblingOfUser,
];

const songHooks: readonly Forget[] = [forgetSongInPlaylists, forgetLikesOfSong, forgetPlaysOfSong, forgetLyricsOfSong];

/** After a user's record is deleted: their playlists, likes, links, keys, plays and saved queue. */
export async function forgetUserEverywhere(userId: string): Promise<void> {
  await Promise.all(userHooks.map((forget) => forget(userId)));
}

/** After a song's record is deleted: its playlist entries, likes, plays and lyrics. */
export async function forgetSongEverywhere(songId: string): Promise<void> {
  await Promise.all(songHooks.map((forget) => forget(songId)));
}
