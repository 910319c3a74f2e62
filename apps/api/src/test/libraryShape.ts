import { albumsInOrder, type AlbumOrder } from '../subsonic/albumOrders.js';
import { albumOf, albumOfSongId, type Library } from '../subsonic/library.js';

/**
 * Everything a Subsonic library shows, in each of its orders: a patched or restored library must
 * equal one built afresh.
 */
export function libraryShape(library: Library) {
  const orders: Record<string, string[]> = {};
  for (const order of ['alphabeticalByName', 'alphabeticalByArtist', 'newest', 'byYear', 'byYearDescending', 'withoutYear'] as AlbumOrder[]) {
    orders[order] = albumsInOrder(library, order).map((album) => album.id);
  }
  return {
    artists: library.artists.map((artist) => ({ ...artist, albums: artist.albums.map((album) => album.id) })),
    albums: [...library.albumById.values()]
      .map((album) => ({ ...album, songs: album.songs.map((song) => song._id) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    albumOfSong: library.songs.map((song) => [song._id, albumOfSongId(library, song._id)?.id]).sort(),
    // Every song sits in the album its fields name, and only there.
    filed: [...library.albumById.values()].every((album) => album.songs.every((song) => albumOf(library, song) === album)),
    songs: library.songs.length,
    orders,
    artistSearch: library.artistIndex.best(['the'], 50).found.map((artist) => artist.id).sort(),
    albumSearch: library.albumIndex.best(['love'], 50).found.map((album) => album.id).sort(),
  };
}
