import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BrowsePage } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { usePagedList } from '../../components/usePagedList';
import {
  fetchAlbum,
  fetchAlbums,
  fetchArtist,
  fetchArtists,
  fetchGenreAlbums,
  fetchGenres,
  fetchGenreSongs,
  fetchSongPlace,
  type AlbumFilter,
} from './api';

export const BROWSE_KEY = ['browse'] as const;
/** Six rows of the widest grid: a screenful and some. */
export const ALBUM_PAGE_SIZE = 60;
export const ARTIST_PAGE_SIZE = 100;
export const GENRE_SONG_PAGE_SIZE = 50;

/** The next page of an infinite list, while the loaded ones hold fewer than the total. */
const nextPage = <T>(last: BrowsePage<T>, pages: BrowsePage<T>[]) =>
  pages.reduce((sum, page) => sum + page.data.length, 0) < last.total && last.data.length > 0 ? pages.length + 1 : undefined;

/**
 * Albums in one order and filter, read by the pages in view, in any order: a jump to the end of
 * the grid reads the last page, not every page before it.
 */
export function useAlbumPages(filter: AlbumFilter) {
  return usePagedList({
    listKey: [...BROWSE_KEY, 'albums', filter],
    pageSize: ALBUM_PAGE_SIZE,
    fetchPage: (page, size) => fetchAlbums(filter, page, size),
    // A random order stays as it came until the listener asks again.
    staleTime: filter.sort === 'random' ? Infinity : 0,
  });
}

export function useAlbum(id: string) {
  return useQuery({ queryKey: [...BROWSE_KEY, 'album', id], queryFn: () => fetchAlbum(id) }, queryClient);
}

/** The A–Z index, read by the pages in view (a jump to a letter reads only that letter's page). */
export function useArtistIndex() {
  return usePagedList({ listKey: [...BROWSE_KEY, 'artists'], pageSize: ARTIST_PAGE_SIZE, fetchPage: fetchArtists });
}

export function useArtist(id: string) {
  return useQuery({ queryKey: [...BROWSE_KEY, 'artist', id], queryFn: () => fetchArtist(id) }, queryClient);
}

export function useGenres() {
  return useQuery({ queryKey: [...BROWSE_KEY, 'genres'], queryFn: fetchGenres }, queryClient);
}

export function useGenreAlbumPages(name: string) {
  return useInfiniteQuery(
    {
      queryKey: [...BROWSE_KEY, 'genre', name, 'albums'],
      queryFn: ({ pageParam }) => fetchGenreAlbums(name, pageParam, ALBUM_PAGE_SIZE),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    },
    queryClient,
  );
}

export function useGenreSongPages(name: string) {
  return useInfiniteQuery(
    {
      queryKey: [...BROWSE_KEY, 'genre', name, 'songs'],
      queryFn: ({ pageParam }) => fetchGenreSongs(name, pageParam, GENRE_SONG_PAGE_SIZE),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    },
    queryClient,
  );
}

export function useSongPlace(songId: string) {
  return useQuery({ queryKey: [...BROWSE_KEY, 'place', songId], queryFn: () => fetchSongPlace(songId), staleTime: Infinity }, queryClient);
}
