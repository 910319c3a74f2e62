import { notFoundError, annotationsOf, playCounts, type SubsonicMethod } from '../call.js';
import { albumId3, artistId3, songChild } from '../entities.js';
import { albumCreated, currentLibrary, IGNORED_ARTICLES, indexLetter, memoised, type ArtistEntry } from '../library.js';
import type { Payload } from '../response.js';

const ignoredArticles = IGNORED_ARTICLES.join(' ');

function byLetter<T>(artists: ArtistEntry[], entry: (artist: ArtistEntry) => T): { name: string; artist: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const artist of artists) {
    const letter = indexLetter(artist.name);
    let group = groups.get(letter);
    if (!group) groups.set(letter, (group = []));
    group.push(entry(artist));
  }
  return [...groups].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b))).map(([name, artist]) => ({ name, artist }));
}

export const browseMethods: Record<string, SubsonicMethod> = {
  getArtists: async ({ ctx }) => {
    const library = await currentLibrary(ctx.catalogue);
    // The same for every listener until the catalogue changes: grouped once per library.
    return { artists: { ignoredArticles, index: memoised(library, 'artists', () => byLetter(library.artists, artistId3)) } };
  },

  getIndexes: async ({ ctx }) => {
    const library = await currentLibrary(ctx.catalogue);
    const index = memoised(library, 'indexes', () =>
      byLetter(library.artists, (artist): Payload => ({ id: artist.id, name: artist.name })),
    );
    return { indexes: { lastModified: library.lastModified, ignoredArticles, index } };
  },

  getMusicDirectory: async ({ ctx, params, user }) => {
    const id = params.required('id');
    const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
    const artist = library.artistById.get(id);
    if (artist) {
      const child = artist.albums.map(
        (album): Payload => ({
          id: album.id,
          parent: artist.id,
          isDir: true,
          title: album.name,
          album: album.name,
          artist: album.artist,
          year: album.year,
          coverArt: album.cover ? album.id : undefined,
          created: albumCreated(album),
        }),
      );
      return { directory: { id: artist.id, name: artist.name, child } };
    }
    const album = library.albumById.get(id);
    if (!album) throw notFoundError('Directory');
    const child = album.songs.map((song) => songChild(song, library, notes));
    return { directory: { id: album.id, parent: album.artistId, name: album.name, child } };
  },

  getArtist: async ({ ctx, params }) => {
    const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), playCounts(ctx.data)]);
    const artist = library.artistById.get(params.required('id'));
    if (!artist) throw notFoundError('Artist');
    return { artist: { ...artistId3(artist), album: artist.albums.map((album) => albumId3(album, notes)) } };
  },

  getAlbum: async ({ ctx, params, user }) => {
    const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
    const album = library.albumById.get(params.required('id'));
    if (!album) throw notFoundError('Album');
    return { album: { ...albumId3(album, notes), song: album.songs.map((song) => songChild(song, library, notes)) } };
  },

  getSong: async ({ ctx, params, user }) => {
    const [library, notes] = await Promise.all([currentLibrary(ctx.catalogue), annotationsOf(ctx.data, user)]);
    const song = library.songById.get(params.required('id').toLowerCase());
    if (!song) throw notFoundError('Song');
    return { song: songChild(song, library, notes) };
  },
};
