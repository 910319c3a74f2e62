import {
  ARTIST_TOP_SONGS,
  BROWSE_MESSAGES,
  type AlbumCard,
  type AlbumDetail,
  type AlbumsQuery,
  type ArtistDetail,
  type ArtistIndexPage,
  type BrowsePage,
  type GenreCard,
  type LetterOffset,
  type PlacedSong,
  type SongPlace,
} from '@samaa/shared';
import type { Stores } from '../context.js';
import type { Catalogue } from '../songs/songs.service.js';
import { playStats } from '../analytics/analytics.service.js';
import { notFound } from '../http/errors.js';
import { foldGenre, genreIndexView } from '../subsonic/genreIndex.js';
import { albumOfSongId, currentLibrary, indexLetter, memoised, type Library } from '../subsonic/library.js';
import { albumsPage } from './albumPages.js';
import { albumCard, albumDetail, artistCard, placedSong } from './browseEntries.js';

/*
 * The web's albums, artists and genres: reads of the catalogue's `library` and `genreIndex`
 * views, the ones Subsonic's getAlbumList2, getAlbum, getArtists and getGenres answer from.
 * Every read costs its page (plus, for the listener orders, the played songs), never the catalogue.
 */

export interface Paging {
  limit: number;
  page: number;
}

const pageOf = <T>(items: readonly T[], { limit, page }: Paging) => items.slice((page - 1) * limit, page * limit);

export async function albums({ data, catalogue }: Stores, query: AlbumsQuery): Promise<BrowsePage<AlbumCard>> {
  const played = query.sort === 'mostPlayed' || query.sort === 'recentlyPlayed';
  // The genre index is read only for a genre's page: built on first use, it would make every
  // first album page after a start wait for it.
  const [library, genres, plays] = await Promise.all([
    currentLibrary(catalogue),
    query.genre === undefined ? undefined : catalogue.view(genreIndexView),
    played ? playStats(data) : Promise.resolve(new Map()),
  ]);
  const answer = albumsPage(library, genres, { starred: new Map(), plays }, query);
  return { data: answer.albums.map(albumCard), total: answer.total };
}

export async function album(catalogue: Catalogue, id: string): Promise<AlbumDetail> {
  const library = await currentLibrary(catalogue);
  const entry = library.albumById.get(id);
  if (!entry) throw notFound(BROWSE_MESSAGES.albumNotFound);
  return albumDetail(library, entry);
}

/** Where each letter's artists start in the index: worked out once per library's artists. */
const lettersOf = (library: Library): LetterOffset[] =>
  memoised(library, 'browseLetters', () => {
    const letters: LetterOffset[] = [];
    library.artists.forEach((artist, offset) => {
      const letter = indexLetter(artist.name);
      if (!letters.some((seen) => seen.letter === letter)) letters.push({ letter, offset });
    });
    return letters;
  });

export async function artists(catalogue: Catalogue, paging: Paging): Promise<ArtistIndexPage> {
  const library = await currentLibrary(catalogue);
  return {
    data: pageOf(library.artists, paging).map(artistCard),
    total: library.artists.length,
    letters: lettersOf(library),
  };
}

/** The artist's albums by year, and its songs most played first (O(the artist's songs)). */
export async function artist({ data, catalogue }: Stores, id: string): Promise<ArtistDetail> {
  const [library, plays] = await Promise.all([currentLibrary(catalogue), playStats(data)]);
  const entry = library.artistById.get(id);
  if (!entry) throw notFound(BROWSE_MESSAGES.artistNotFound);
  const playsOf = (songId: string) => plays.get(songId)?.plays ?? 0;
  const songs = entry.albums.flatMap((album) => album.songs);
  // A stable sort: songs played as often keep their album order.
  const topSongs = songs.sort((a, b) => playsOf(b._id) - playsOf(a._id)).slice(0, ARTIST_TOP_SONGS);
  return {
    ...artistCard(entry),
    albums: entry.albums.map(albumCard),
    topSongs: topSongs.map((song) => placedSong(library, song)),
  };
}

export async function genres(catalogue: Catalogue): Promise<BrowsePage<GenreCard>> {
  const index = await catalogue.view(genreIndexView);
  const data = index.genres.map(({ value, songCount, albumCount }) => ({ name: value, songCount, albumCount }));
  return { data, total: data.length };
}

async function genreOf(catalogue: Catalogue, name: string) {
  const [library, index] = await Promise.all([currentLibrary(catalogue), catalogue.view(genreIndexView)]);
  const key = foldGenre(name);
  if (!index.songs.has(key)) throw notFound(BROWSE_MESSAGES.genreNotFound);
  return { library, albums: index.albums.get(key) ?? [], songs: index.songs.get(key)! };
}

export async function genreAlbums(catalogue: Catalogue, name: string, paging: Paging): Promise<BrowsePage<AlbumCard>> {
  const { albums: list } = await genreOf(catalogue, name);
  return { data: pageOf(list, paging).map(albumCard), total: list.length };
}

export async function genreSongs(catalogue: Catalogue, name: string, paging: Paging): Promise<BrowsePage<PlacedSong>> {
  const { library, songs } = await genreOf(catalogue, name);
  return { data: pageOf(songs, paging).map((song) => placedSong(library, song)), total: songs.length };
}

/** The album and artist a song row links to. */
export async function songPlace(catalogue: Catalogue, songId: string): Promise<SongPlace> {
  const library = await currentLibrary(catalogue);
  const entry = albumOfSongId(library, songId);
  if (!entry) throw notFound(BROWSE_MESSAGES.songNotFound);
  return { songId, albumId: entry.id, artistId: entry.artistId };
}
