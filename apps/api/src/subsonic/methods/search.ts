import { searchCatalogue } from '../../search/songIndex.js';
import { queryTerms } from '../../search/textIndex.js';
import { annotationsOf, type SubsonicMethod } from '../call.js';
import { albumId3, artistId3, songChild } from '../entities.js';
import { currentLibrary } from '../library.js';

const MAX_COUNT = 500;

/** Clients that sync the whole library send an empty query, some as `""`. */
const isWholeLibrary = (query: string) => query.replace(/["*\s]/g, '') === '';

const page = <T>(items: readonly T[], offset: number, count: number) => items.slice(offset, offset + count);

export const searchMethods: Record<string, SubsonicMethod> = {
  search3: async ({ ctx, params, user }) => {
    const query = params.optional('query') ?? '';
    const artistCount = params.int('artistCount', 20, 0, MAX_COUNT);
    const artistOffset = params.int('artistOffset', 0, 0, Number.MAX_SAFE_INTEGER);
    const albumCount = params.int('albumCount', 20, 0, MAX_COUNT);
    const albumOffset = params.int('albumOffset', 0, 0, Number.MAX_SAFE_INTEGER);
    const songCount = params.int('songCount', 20, 0, MAX_COUNT);
    const songOffset = params.int('songOffset', 0, 0, Number.MAX_SAFE_INTEGER);
    const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), annotationsOf(user)]);
    const whole = isWholeLibrary(query);
    const words = queryTerms(query);

    const artists = whole
      ? page(library.artists, artistOffset, artistCount)
      : artistCount === 0
        ? []
        : library.artistIndex.best(words, artistOffset + artistCount).found.slice(artistOffset);
    const albums = whole
      ? page(library.albums, albumOffset, albumCount)
      : albumCount === 0
        ? []
        : library.albumIndex.best(words, albumOffset + albumCount).found.slice(albumOffset);
    const songs = whole
      ? page(library.songs, songOffset, songCount)
      : songCount === 0
        ? []
        : await searchCatalogue(ctx.catalogue, query, { limit: songCount, offset: songOffset });

    return {
      searchResult3: {
        artist: artists.map(artistId3),
        album: albums.map((album) => albumId3(album, notes)),
        song: songs.map((song) => songChild(song, library, notes)),
      },
    };
  },
};
