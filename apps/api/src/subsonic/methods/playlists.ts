import { playlistSchema, type Playlist, type PlaylistInput } from '@samaa/shared';
import { isObjectId, validate } from '../../http/validate.js';
import {
  createPlaylist,
  deletePlaylist,
  ownPlaylist,
  replaceSongs,
  updatePlaylist,
  userPlaylists,
} from '../../playlists/playlists.service.js';
import { annotationsOf, notFoundError, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { playlistEntry, songChild } from '../entities.js';
import { currentLibrary } from '../library.js';
import { normalizeEmail } from '../../users/accounts.service.js';
import { SUBSONIC_ERRORS, SubsonicError, type Payload } from '../response.js';

/** The same owner rules as the web: a listener sees and changes only their own playlists. */
function playlistId(call: SubsonicCall, name: string): string {
  const id = call.params.required(name);
  if (!isObjectId(id)) throw notFoundError('Playlist');
  return id;
}

function songIds(call: SubsonicCall, name: string): string[] {
  const ids = call.params.list(name);
  if (ids.some((id) => !isObjectId(id))) throw notFoundError('Song');
  return ids;
}

async function withEntries(call: SubsonicCall, playlist: Playlist): Promise<Payload> {
  const [library, notes] = await Promise.all([currentLibrary(call.ctx.catalogue), annotationsOf(call.ctx.data, call.user)]);
  return { playlist: { ...playlistEntry(playlist, call.user.email), entry: playlist.songs.map((song) => songChild(song, library, notes)) } };
}

const fields = (input: PlaylistInput) => validate<PlaylistInput>(playlistSchema, input);

export const playlistMethods: Record<string, SubsonicMethod> = {
  getPlaylists: async ({ ctx, params, user }) => {
    const username = params.optional('username');
    if (username !== undefined && normalizeEmail(username) !== user.email) {
      throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'You may only list your own playlists');
    }
    const playlists = await userPlaylists(ctx, user._id);
    return { playlists: { playlist: playlists.map((playlist) => playlistEntry(playlist, user.email)) } };
  },

  getPlaylist: async (call) => withEntries(call, await ownPlaylist(call.ctx, playlistId(call, 'id'), call.user._id)),

  /** With `playlistId`, replaces that playlist's songs (and renames it when `name` is given). */
  createPlaylist: async (call) => {
    const ids = songIds(call, 'songId');
    if (call.params.optional('playlistId') !== undefined) {
      const id = playlistId(call, 'playlistId');
      const name = call.params.optional('name');
      if (name !== undefined) await updatePlaylist(call.ctx, id, call.user._id, fields({ name }));
      return withEntries(call, await replaceSongs(call.ctx, id, ids, call.user._id));
    }
    const created = await createPlaylist(call.ctx, call.user._id, fields({ name: call.params.required('name') }));
    return withEntries(call, ids.length ? await replaceSongs(call.ctx, created._id, ids, call.user._id) : created);
  },

  updatePlaylist: async (call) => {
    const id = playlistId(call, 'playlistId');
    const current = await ownPlaylist(call.ctx, id, call.user._id);
    const name = call.params.optional('name');
    const comment = call.params.optional('comment');
    if (name !== undefined || comment !== undefined) {
      await updatePlaylist(call.ctx, id, call.user._id, fields({ name: name ?? current.name, desc: comment ?? current.desc }));
    }
    const toAdd = songIds(call, 'songIdToAdd');
    const toRemove = new Set(call.params.intList('songIndexToRemove', 0, Number.MAX_SAFE_INTEGER));
    if (toAdd.length || toRemove.size) {
      const kept = current.songs.filter((_song, index) => !toRemove.has(index)).map((song) => song._id);
      await replaceSongs(call.ctx, id, [...kept, ...toAdd], call.user._id);
    }
    return {};
  },

  deletePlaylist: async (call) => {
    await deletePlaylist(call.ctx, playlistId(call, 'id'), call.user._id);
    return {};
  },
};
