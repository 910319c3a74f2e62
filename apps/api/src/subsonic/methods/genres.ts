import { annotationsOf, playCounts, type SubsonicMethod } from '../call.js';
import { albumId3, songChild } from '../entities.js';
import { foldGenre } from '../genreIndex.js';
import { currentLibrary, genresOf } from '../library.js';
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
  const [library, notes] = await Promise.all([currentLibrary(), playCounts()]);
  const albums = (genresOf(library).albums.get(genre) ?? []).slice(offset, offset + size);
  return { albumList2: { album: albums.map((album) => albumId3(album, notes)) } };
};

export const genreMethods: Record<string, SubsonicMethod> = {
  getAlbumList2: albumList2,

  getGenres: async () => ({ genres: { genre: genresOf(await currentLibrary()).genres } }),

  getSongsByGenre: async ({ params, user }) => {
    const genre = foldGenre(params.required('genre'));
    const count = params.int('count', 10, 0, MAX_COUNT);
    const offset = params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const [library, notes] = await Promise.all([currentLibrary(), annotationsOf(user)]);
    const songs = (genresOf(library).songs.get(genre) ?? []).slice(offset, offset + count);
    return { songsByGenre: { song: songs.map((song) => songChild(song, library, notes)) } };
  },
};
