import { annotationsOf, notFoundError, type SubsonicMethod } from '../call.js';
import { songChild } from '../entities.js';
import { currentLibrary } from '../library.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../response.js';
import { bookmarksOf, changeBookmarksOf } from '../store/listening.repo.js';

/** Where a listener stopped in a song (audiobooks, long mixes): one per listener and song. */

export const MAX_BOOKMARKS = 1000;
const MAX_COMMENT = 500;

export const bookmarkMethods: Record<string, SubsonicMethod> = {
  getBookmarks: async ({ ctx, user }) => {
    const [stored, library, notes] = await Promise.all([bookmarksOf(ctx.data, user._id), currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
    const bookmark = stored.flatMap((item) => {
      const song = library.songById.get(item.song);
      if (!song) return [];
      return [
        {
          position: item.position,
          username: user.email,
          comment: item.comment,
          created: item.created,
          changed: item.changed,
          entry: songChild(song, library, notes),
        },
      ];
    });
    return { bookmarks: { bookmark } };
  },

  createBookmark: async ({ ctx, params, user }) => {
    const id = params.required('id').toLowerCase();
    params.required('position');
    const position = params.int('position', 0, 0, Number.MAX_SAFE_INTEGER);
    const comment = params.optional('comment')?.trim().slice(0, MAX_COMMENT) || undefined;
    if (!(await ctx.catalogue.songExists(id))) throw notFoundError('Song');
    const now = new Date();
    let full = false;
    await changeBookmarksOf(ctx.data, user._id, (items) => {
      const existing = items.find((item) => item.song === id);
      if (existing) return items.map((item) => (item === existing ? { ...item, position, comment, changed: now } : item));
      if (items.length >= MAX_BOOKMARKS) {
        full = true;
        return items;
      }
      return [{ song: id, position, comment, created: now, changed: now }, ...items];
    });
    if (full) throw new SubsonicError(SUBSONIC_ERRORS.generic, `You can keep at most ${MAX_BOOKMARKS} bookmarks. Delete one first.`);
    return {};
  },

  deleteBookmark: async ({ ctx, params, user }) => {
    const id = params.required('id').toLowerCase();
    let found = false;
    await changeBookmarksOf(ctx.data, user._id, (items) => {
      found = items.some((item) => item.song === id);
      return items.filter((item) => item.song !== id);
    });
    if (!found) throw notFoundError('Bookmark');
    return {};
  },
};
