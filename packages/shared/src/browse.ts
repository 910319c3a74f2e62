import type { Song } from './types.js';

/*
 * Albums, artists and genres (/api/browse): the library the Subsonic API serves, read by the web
 * a page at a time. Ids are Subsonic's: albums `al-…`, artists `ar-…`.
 */

/** The album orders the web offers, in the order its sort menu lists them. */
export const ALBUM_SORTS = ['recent', 'name', 'artist', 'year', 'mostPlayed', 'recentlyPlayed', 'random'] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];

export const ALBUM_SORT_LABELS: Record<AlbumSort, string> = {
  recent: 'Recently added',
  name: 'Name',
  artist: 'Artist',
  year: 'Year',
  mostPlayed: 'Most played',
  recentlyPlayed: 'Recently played',
  random: 'Random',
};

/** An album as a grid card shows it. `image` is the cover song's image URL. */
export interface AlbumCard {
  id: string;
  name: string;
  artist: string;
  artistId: string;
  year?: number;
  songCount: number;
  /** Seconds. */
  duration: number;
  image?: string;
}

/** A song with the album and artist it is filed under (links from a song row). */
export type PlacedSong = Song & { albumId: string; artistId: string };

/** GET /api/browse/albums/:id: the album with its songs in disc and track order. */
export interface AlbumDetail extends AlbumCard {
  /** The genre of its first song (in track order) that has one. */
  genre?: string;
  songs: PlacedSong[];
}

export interface ArtistCard {
  id: string;
  name: string;
  albumCount: number;
  songCount: number;
  image?: string;
}

/** Where each index letter starts in the artist index (A–Z, then '#'). */
export interface LetterOffset {
  letter: string;
  offset: number;
}

/** GET /api/browse/artists: a page of the A–Z index, and where each letter starts. */
export interface ArtistIndexPage {
  data: ArtistCard[];
  total: number;
  letters: LetterOffset[];
}

/** GET /api/browse/artists/:id: the albums by year and the most played songs. */
export interface ArtistDetail extends ArtistCard {
  albums: AlbumCard[];
  topSongs: PlacedSong[];
}

export interface GenreCard {
  name: string;
  songCount: number;
  albumCount: number;
}

/** GET /api/browse/songs/:id/place: the album and artist a song is filed under. */
export interface SongPlace {
  songId: string;
  albumId: string;
  artistId: string;
}

/** A page as /api/songs answers one. */
export interface BrowsePage<T> {
  data: T[];
  total: number;
}

export const BROWSE_MAX_PAGE_SIZE = 500;
export const BROWSE_DEFAULT_PAGE_SIZE = 50;
export const ARTIST_TOP_SONGS = 10;

export interface AlbumsQuery {
  sort: AlbumSort;
  genre?: string;
  fromYear?: number;
  toYear?: number;
  limit: number;
  page: number;
}

export const BROWSE_MESSAGES = {
  albumNotFound: 'Album not found',
  artistNotFound: 'Artist not found',
  genreNotFound: 'Genre not found',
  songNotFound: 'Song not found',
  badId: 'Invalid id',
  badYears: 'From year should not be after to year',
  albums: 'Albums',
  artists: 'Artists',
  genres: 'Genres',
  sortBy: 'Sort by',
  genre: 'Genre',
  anyGenre: 'Any genre',
  fromYear: 'From year',
  toYear: 'To year',
  play: 'Play',
  shuffle: 'Shuffle',
  addAllToPlaylist: 'Add to playlist',
  noAlbums: 'No albums match.',
  noArtists: 'No artists yet.',
  noGenres: 'No genres yet.',
  noSongs: 'No songs.',
  albumsFailed: 'Could not load albums.',
  albumFailed: 'Could not load this album.',
  artistsFailed: 'Could not load artists.',
  artistFailed: 'Could not load this artist.',
  genresFailed: 'Could not load genres.',
  genreFailed: 'Could not load this genre.',
  songPlaceFailed: 'Could not find this song’s album.',
  jumpToLetter: 'Jump to letter',
  mostPlayed: 'Most played',
  songs: 'Songs',
  loading: 'Loading…',
} as const;

/** Album and artist ids as the library makes them. */
export const ALBUM_ID_PATTERN = /^al-[0-9a-f]{20}$/;
export const ARTIST_ID_PATTERN = /^ar-[0-9a-f]{20}$/;
