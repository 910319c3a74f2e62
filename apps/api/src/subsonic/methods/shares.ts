import { SHARE_MESSAGES, type ShareKind } from '@samaa/shared';
import { isObjectId } from '../../http/validate.js';
import { playlistRecord, type PlaylistDeps } from '../../playlists/playlists.service.js';
import { createShare, listShares, revokeShare, updateShare, type OwnedShare } from '../../shares/shares.service.js';
import { annotationsOf, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { songChild } from '../entities.js';
import { currentLibrary } from '../library.js';
import { SUBSONIC_ERRORS, SubsonicError, type Payload } from '../response.js';

/*
 * Subsonic's share methods, on the same share links as the web: one song, album or playlist per
 * share, owned by the caller; `url` is the public page (APP_URL/s/{id}).
 */

/** A Subsonic `Share`: its attributes, then its songs as `entry` elements. */
async function sharePayloads(call: SubsonicCall, shares: OwnedShare[]): Promise<Payload[]> {
  const [library, notes] = await Promise.all([currentLibrary(call.ctx.catalogue), annotationsOf(call.ctx.data, call.user)]);
  return shares.map((share) => ({
    id: share.id,
    url: share.url,
    description: share.description || undefined,
    username: call.user.email,
    created: new Date(share.createdAt),
    expires: share.expiresAt ? new Date(share.expiresAt) : undefined,
    lastVisited: share.lastVisitedAt ? new Date(share.lastVisitedAt) : undefined,
    visitCount: share.visits,
    entry: share.songs.map((song) => songChild(song, library, notes)),
  }));
}

/** What an id names: a song, or else the caller's playlist; `al-…` is an album. */
async function kindOf(deps: PlaylistDeps, id: string): Promise<ShareKind> {
  if (id.startsWith('al-')) return 'album';
  if (isObjectId(id) && !(await deps.catalogue.songExists(id.toLowerCase())) && (await playlistRecord(deps, id.toLowerCase()))) return 'playlist';
  return 'song';
}

/** `expires` in milliseconds since 1970; 0 or absent: never. */
function expiresOf(call: SubsonicCall): Date | null | undefined {
  const raw = call.params.optional('expires');
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'expires must be milliseconds since 1970');
  if (ms === 0) return null;
  if (ms <= Date.now()) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'The expiry must be in the future');
  return new Date(ms);
}

function descriptionOf(call: SubsonicCall): string | undefined {
  const text = call.params.optional('description')?.trim();
  if (text !== undefined && text.length > 300) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'description may be at most 300 characters');
  return text;
}

function sharesOff(call: SubsonicCall): void {
  if (!call.ctx.config.shares) throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, SHARE_MESSAGES.off);
}

export const shareMethods: Record<string, SubsonicMethod> = {
  getShares: async (call) => {
    sharesOff(call);
    return { shares: { share: await sharePayloads(call, await listShares(call.ctx, call.user._id)) } };
  },

  createShare: async (call) => {
    sharesOff(call);
    const ids = call.params.list('id');
    if (ids.length === 0) throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required parameter is missing: id');
    if (ids.length > 1) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'A share holds one song, album or playlist');
    const id = ids[0]!;
    const share = await createShare(call.ctx, call.user._id, {
      kind: await kindOf(call.ctx, id),
      id,
      description: descriptionOf(call),
      expiresAt: expiresOf(call),
    });
    return { shares: { share: await sharePayloads(call, [share]) } };
  },

  updateShare: async (call) => {
    sharesOff(call);
    const id = call.params.required('id');
    const description = descriptionOf(call);
    const expiresAt = expiresOf(call);
    await updateShare(call.ctx, call.user._id, id, {
      ...(description !== undefined ? { description } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    });
    return {};
  },

  deleteShare: async (call) => {
    sharesOff(call);
    await revokeShare(call.ctx, call.user._id, call.params.required('id'));
    return {};
  },
};
