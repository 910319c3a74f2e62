import { recordPlay, setNowPlaying } from '../../analytics/analytics.service.js';
import { isObjectId } from '../../http/validate.js';
import { setLiked } from '../../likes/likes.service.js';
import { scrobbleListen, scrobbleNowPlaying } from '../../scrobble/scrobble.service.js';
import { notFoundError, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../response.js';

/** Samaa's likes are per song, the same likes as the web's like toggle. */
async function star(call: SubsonicCall, liked: boolean): Promise<Record<string, never>> {
  if (call.params.list('albumId').length || call.params.list('artistId').length) {
    throw new SubsonicError(SUBSONIC_ERRORS.generic, 'Only songs can be starred: Samaa keeps likes per song');
  }
  const ids = call.params.list('id');
  if (ids.length === 0) throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required parameter is missing: id');
  if (ids.some((id) => !isObjectId(id))) throw notFoundError('Song');
  for (const id of ids) await setLiked(call.ctx, call.user._id, id, liked);
  return {};
}

const playerName = (client: string | undefined) => (client ?? '').trim().slice(0, 50) || 'Subsonic app';

export const annotationMethods: Record<string, SubsonicMethod> = {
  star: (call) => star(call, true),
  unstar: (call) => star(call, false),

  /** A submission counts a play; a "now playing" notice (submission=false) shows in getNowPlaying. */
  scrobble: async ({ ctx, params, user }) => {
    const ids = params.list('id');
    if (ids.length === 0) throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required parameter is missing: id');
    const times = params.list('time').map(Number);
    for (const id of ids) if (!isObjectId(id) || !(await ctx.catalogue.songExists(id))) throw notFoundError('Song');
    if (!params.bool('submission', true)) {
      const player = playerName(params.optional('c'));
      await setNowPlaying(ctx.data, user._id, player, ids[ids.length - 1]!, new Date());
      void scrobbleNowPlaying(ctx, user._id, ids[ids.length - 1]!, player).catch(() => undefined);
      return {};
    }
    for (const [i, id] of ids.entries()) {
      const time = times[i];
      const given = time !== undefined && Number.isFinite(time) && time > 0 && time <= Date.now() + 60_000;
      const at = given ? new Date(time) : new Date();
      await recordPlay(ctx.data, user._id, id, at);
      // `time` is when the app heard the song: the listen is dated from it.
      await scrobbleListen(ctx, user._id, id, { at: given ? at : undefined, player: playerName(params.optional('c')) });
    }
    return {};
  },
};
