import { annotationsOf, playCounts, type SubsonicMethod } from '../call.js';
import { albumId3, songChild } from '../entities.js';
import { foldGenre, genreIndexView } from '../genreIndex.js';
import { currentLibrary } from '../library.js';
import { listMethods } from './lists.js';

const MAX_COUNT = 500;

/**
 * `getAlbumList2` with type=byGenre from the genre index; every other type as lists.ts answers
 * it. Registered after the list methods, so this one answers.
 */
const albumList2: SubsonicMethod = async (call) => {
  if (call.params.optional('type') !== 'byGenre') return listMethods.getAlbumList2!(call);
  const genre = foldGenre(call.params.required('genre'));
  const size = call.params.int('size', 10, 1, MAX_COUNT);
  const offset = call.params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const [genres, notes] = await Promise.all([call.ctx.catalogue.view(genreIndexView), playCounts(call.ctx.data)]);
  const albums = (genres.albums.get(genre) ?? []).slice(offset, offset + size);
  return { albumList2: { album: albums.map((album) => albumId3(album, notes)) } };
};

export const genreMethods: Record<string, SubsonicMethod> = {
  getAlbumList2: albumList2,

  getGenres: async ({ ctx }) => ({ genres: { genre: (await ctx.catalogue.view(genreIndexView)).genres } }),

  getSongsByGenre: async ({ ctx, params, user }) => {
    const genre = foldGenre(params.required('genre'));
    const count = params.int('count', 10, 0, MAX_COUNT);
    const offset = params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const [library, genres, notes] = await Promise.all([currentLibrary(ctx.catalogue), ctx.catalogue.view(genreIndexView), annotationsOf(ctx.data, user)]);
    const songs = (genres.songs.get(genre) ?? []).slice(offset, offset + count);
    return { songsByGenre: { song: songs.map((song) => songChild(song, library, notes)) } };
  },
};
