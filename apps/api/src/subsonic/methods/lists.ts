import { annotationsOf, playCounts, type SubsonicMethod } from '../call.js';
import { albumId3, songChild, type Annotations } from '../entities.js';
import { albumsByYear, albumsInOrder, frequentAlbums, randomPick, recentAlbums, starredAlbums } from '../albumOrders.js';
import { keptAnswer, keptAnswersView } from '../keptAnswers.js';
import { currentLibrary, libraryView, type AlbumEntry, type Library } from '../library.js';
import type { SubsonicParams } from '../params.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../response.js';

const MAX_LIST = 500;
/** Orders whose pages are the same for every listener (until the library or play counts change). */
const SHARED_ORDERS = new Set(['newest', 'alphabeticalByName', 'alphabeticalByArtist', 'byYear']);

function yearRange(params: SubsonicParams): { from: number; to: number } {
  return { from: params.int('fromYear', 0, 0, 9999), to: params.int('toYear', 9999, 0, 9999) };
}

/** One page of getAlbumList2: from the library's kept orders, never a sort of every album per request. */
function albumPage(type: string, library: Library, notes: Annotations, params: SubsonicParams, offset: number, size: number): AlbumEntry[] {
  const page = (albums: readonly AlbumEntry[]) => albums.slice(offset, offset + size);
  switch (type) {
    case 'newest':
    case 'alphabeticalByName':
    case 'alphabeticalByArtist':
      return page(albumsInOrder(library, type));
    case 'random':
      return randomPick(library.albums, offset + size).slice(offset);
    case 'starred':
      return page(starredAlbums(library, notes));
    case 'frequent':
      return page(frequentAlbums(library, notes));
    case 'recent':
      return page(recentAlbums(library, notes));
    case 'byYear': {
      const { from, to } = yearRange(params);
      return albumsByYear(library, from, to, offset, size);
    }
    case 'byGenre':
      params.required('genre');
      return [];
    default:
      throw new SubsonicError(SUBSONIC_ERRORS.generic, `Unknown album list type: ${type}`);
  }
}

export const listMethods: Record<string, SubsonicMethod> = {
  getAlbumList2: async ({ ctx, params, user }) => {
    const type = params.required('type');
    const size = params.int('size', 10, 1, MAX_LIST);
    const offset = params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    // Album entries show play counts only: the listener's stars are read for the starred list alone.
    const snapshot = await ctx.catalogue.snapshot();
    const [library, notes] = await Promise.all([ctx.catalogue.viewOf(libraryView, snapshot), type === 'starred' ? annotationsOf(ctx.data, user) : playCounts(ctx.data)]);
    const page = () => ({ albumList2: { album: albumPage(type, library, notes, params, offset, size).map((album) => albumId3(album, notes)) } });
    if (!SHARED_ORDERS.has(type)) return page();
    const { from, to } = yearRange(params);
    return keptAnswer(ctx.catalogue.ready(keptAnswersView, snapshot)!, notes.plays, `${type} ${offset} ${size} ${type === 'byYear' ? `${from} ${to}` : ''}`, page);
  },

  getRandomSongs: async ({ ctx, params, user }) => {
    const size = params.int('size', 10, 1, MAX_LIST);
    const { from, to } = yearRange(params);
    const yearFiltered = params.optional('fromYear') !== undefined || params.optional('toYear') !== undefined;
    const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
    const pool = yearFiltered ? library.songs.filter((song) => song.year !== undefined && song.year >= from && song.year <= to) : library.songs;
    return { randomSongs: { song: randomPick(pool, size).map((song) => songChild(song, library, notes)) } };
  },

  /** Samaa's likes are per song: starred albums and artists are always empty. */
  getStarred2: async ({ ctx, user }) => {
    const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
    const songs = [...notes.starred.keys()].flatMap((id) => {
      const song = library.songById.get(id);
      return song ? [songChild(song, library, notes)] : [];
    });
    return { starred2: { artist: [], album: [], song: songs } };
  },
};
