import { nowPlaying } from '../../analytics/analytics.service.js';
import { findUserRecord } from '../../users/accounts.service.js';
import { annotationsOf, type SubsonicMethod } from '../call.js';
import { songChild } from '../entities.js';
import { currentLibrary } from '../library.js';

/**
 * What listeners are playing: the "now playing" notices of the last 15 minutes, from apps
 * (`scrobble` with submission=false) and from the web player. A listener sees everyone's, as
 * Subsonic servers show them; the username is the account's email, as everywhere in /rest.
 */
export const nowPlayingMethods: Record<string, SubsonicMethod> = {
  getNowPlaying: async ({ ctx, user }) => {
    const [entries, library, notes] = await Promise.all([nowPlaying(ctx.data), currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
    const emails = new Map<string, string | undefined>();
    for (const { userId } of entries) {
      if (!emails.has(userId)) emails.set(userId, (await findUserRecord(ctx.data, userId))?.email);
    }
    const now = Date.now();
    const entry = entries.flatMap((item, index) => {
      const song = library.songById.get(item.songId);
      const username = emails.get(item.userId);
      if (!song || !username) return [];
      return [
        {
          ...songChild(song, library, notes),
          username,
          minutesAgo: Math.max(0, Math.floor((now - item.at.getTime()) / 60_000)),
          playerId: index + 1,
          playerName: item.player,
        },
      ];
    });
    return { nowPlaying: { entry } };
  },
};
