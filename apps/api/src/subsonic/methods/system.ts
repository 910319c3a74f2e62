import type { UserRecord } from '@samaa/shared';
import type { AppContext } from '../../context.js';
import { findUserByEmail, listUsers, normalizeEmail } from '../../users/accounts.service.js';
import { notFoundError, requireAdmin, type SubsonicMethod } from '../call.js';
import { SUBSONIC_ERRORS, SubsonicError, type Payload } from '../response.js';

/** The one music folder: Samaa's catalogue. */
export const MUSIC_FOLDER = { id: 1, name: 'Samaa' };

export const OPEN_SUBSONIC_EXTENSIONS: { name: string; versions: number[]; needsFfmpeg?: true }[] = [
  { name: 'formPost', versions: [1] },
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'transcoding', versions: [1], needsFfmpeg: true },
  { name: 'transcodeOffset', versions: [1], needsFfmpeg: true },
  { name: 'songLyrics', versions: [1, 2] },
  { name: 'indexBasedQueue', versions: [1] },
];

/** Answered without credentials: apps ask before signing in whether to send an API key. */
export const publicMethods: Record<string, (ctx: AppContext) => Promise<Payload>> = {
  getOpenSubsonicExtensions: async (ctx) => {
    const ffmpeg = await ctx.transcoder.available();
    const listed = OPEN_SUBSONIC_EXTENSIONS.filter((e) => ffmpeg || !e.needsFfmpeg);
    return { openSubsonicExtensions: listed.map(({ name, versions }) => ({ name, versions })) };
  },
};

function userPayload(user: Pick<UserRecord, 'email' | 'isAdmin'>, ctx: AppContext): Payload {
  return {
    username: user.email,
    email: user.email,
    scrobblingEnabled: true,
    adminRole: user.isAdmin,
    settingsRole: false,
    downloadRole: true,
    uploadRole: user.isAdmin,
    playlistRole: true,
    coverArtRole: false,
    commentRole: false,
    podcastRole: false,
    streamRole: true,
    jukeboxRole: false,
    shareRole: ctx.config.shares,
    videoConversionRole: false,
    folder: [MUSIC_FOLDER.id],
  };
}

export const systemMethods: Record<string, SubsonicMethod> = {
  ping: async () => ({}),
  getLicense: async () => ({ license: { valid: true } }),
  getOpenSubsonicExtensions: ({ ctx }) => publicMethods.getOpenSubsonicExtensions!(ctx),
  getMusicFolders: async () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }),
  tokenInfo: async ({ user }) => ({ tokenInfo: { username: user.email } }),

  getUser: async ({ ctx, params, user }) => {
    const username = normalizeEmail(params.required('username'));
    if (username !== user.email && !user.isAdmin) {
      throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'You may only read your own user');
    }
    const found = username === user.email ? user : await findUserByEmail(ctx.data, username);
    if (!found) throw notFoundError('User');
    return { user: userPayload(found, ctx) };
  },

  getUsers: async ({ ctx, user }) => {
    requireAdmin(user);
    return { users: { user: (await listUsers(ctx.data)).map((found) => userPayload(found, ctx)) } };
  },
};
