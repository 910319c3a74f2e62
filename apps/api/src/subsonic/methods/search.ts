import { searchCatalogue } from '../../search/searchCatalogue.js';
import { annotationsOf, type SubsonicMethod } from '../call.js';
import { albumId3, artistId3, songChild } from '../entities.js';
import { libraryView } from '../library.js';

const MAX_COUNT = 500;

export const searchMethods: Record<string, SubsonicMethod> = {
  search3: async ({ ctx, params, user }) => {
    const query = params.optional('query') ?? '';
    const artistCount = params.int('artistCount', 20, 0, MAX_COUNT);
    const artistOffset = params.int('artistOffset', 0, 0, Number.MAX_SAFE_INTEGER);
    const albumCount = params.int('albumCount', 20, 0, MAX_COUNT);
    const albumOffset = params.int('albumOffset', 0, 0, Number.MAX_SAFE_INTEGER);
    const songCount = params.int('songCount', 20, 0, MAX_COUNT);
    const songOffset = params.int('songOffset', 0, 0, Number.MAX_SAFE_INTEGER);
    const snapshot = await ctx.catalogue.snapshot();
    const [library, notes] = await Promise.all([ctx.catalogue.viewOf(libraryView, snapshot), annotationsOf(ctx.data, user)]);
    // Clients that sync the whole library send an empty query, some as `""`.
    const { artists, albums, songs } = await searchCatalogue(ctx.catalogue, query, {
      artists: { offset: artistOffset, limit: artistCount },
      albums: { offset: albumOffset, limit: albumCount },
      songs: { offset: songOffset, limit: songCount },
      emptyPagesAll: true,
    }, snapshot);

    return {
      searchResult3: {
        artist: artists.map(artistId3),
        album: albums.map((album) => albumId3(album, notes)),
        song: songs.map((song) => songChild(song, library, notes)),
      },
    };
  },
};
