import type {
  AlbumCard,
  AlbumDetail,
  AlbumsQuery,
  ArtistDetail,
  ArtistIndexPage,
  BrowsePage,
  GenreCard,
  PlacedSong,
  SongPlace,
} from '@samaa/shared';
import { api } from '../../api/client';

/** /api/browse: albums, artists and genres, a page at a time. */

export type AlbumFilter = Omit<AlbumsQuery, 'limit' | 'page'>;

export async function fetchAlbums(filter: AlbumFilter, page: number, limit: number): Promise<BrowsePage<AlbumCard>> {
  return (await api.get<BrowsePage<AlbumCard>>('/browse/albums', { params: { ...filter, page, limit } })).data;
}

export async function fetchAlbum(id: string): Promise<AlbumDetail> {
  return (await api.get<AlbumDetail>(`/browse/albums/${encodeURIComponent(id)}`)).data;
}

export async function fetchArtists(page: number, limit: number): Promise<ArtistIndexPage> {
  return (await api.get<ArtistIndexPage>('/browse/artists', { params: { page, limit } })).data;
}

export async function fetchArtist(id: string): Promise<ArtistDetail> {
  return (await api.get<ArtistDetail>(`/browse/artists/${encodeURIComponent(id)}`)).data;
}

export async function fetchGenres(): Promise<BrowsePage<GenreCard>> {
  return (await api.get<BrowsePage<GenreCard>>('/browse/genres')).data;
}

export async function fetchGenreAlbums(name: string, page: number, limit: number): Promise<BrowsePage<AlbumCard>> {
  return (await api.get<BrowsePage<AlbumCard>>(`/browse/genres/${encodeURIComponent(name)}/albums`, { params: { page, limit } })).data;
}

export async function fetchGenreSongs(name: string, page: number, limit: number): Promise<BrowsePage<PlacedSong>> {
  return (await api.get<BrowsePage<PlacedSong>>(`/browse/genres/${encodeURIComponent(name)}/songs`, { params: { page, limit } })).data;
}

export async function fetchSongPlace(songId: string): Promise<SongPlace> {
  return (await api.get<SongPlace>(`/browse/songs/${encodeURIComponent(songId)}/place`)).data;
}
