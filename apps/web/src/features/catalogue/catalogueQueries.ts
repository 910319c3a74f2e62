import { useQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { Song } from '@samaa/shared';
import { fetchSongPage, type SongPage } from './api';
import { queryClient } from '../../api/queryClient';
import { pageKey, usePagedList } from '../../components/usePagedList';

/** Every cached page of the catalogue lives under this key, so one invalidation reloads them all. */
export const CATALOGUE_KEY = ['songs'] as const;
/** 100 rows: a screenful and a half at either end of a jump, about 40 KB of JSON. */
export const SONG_PAGE_SIZE = 100;

/** The catalogue, newest first, read page by page as the list scrolls (Home, admin Songs). */
export function useCataloguePages() {
  return usePagedList({ listKey: CATALOGUE_KEY, pageSize: SONG_PAGE_SIZE, fetchPage: fetchSongPage });
}

const firstPage = {
  queryKey: pageKey(CATALOGUE_KEY, SONG_PAGE_SIZE, 1),
  queryFn: () => fetchSongPage(1, SONG_PAGE_SIZE),
};

/** The newest songs (the first page Home shows too): the player's widgets. */
export function useNewestSongs() {
  return useQuery(firstPage, queryClient);
}

/** The songs after a queue's last page, and how to read the ones after those. */
export interface MoreSongs {
  songs: Song[];
  more?: () => Promise<MoreSongs>;
}

/** A queue for a song played from a list: the page it is on and a way to read the next pages. */
export interface SongQueue {
  songs: Song[];
  startIndex: number;
  more?: () => Promise<MoreSongs>;
}

function isPageKey(key: QueryKey): key is [...unknown[], 'page', number, number] {
  const n = key.length;
  return n >= 3 && key[n - 3] === 'page' && typeof key[n - 2] === 'number' && typeof key[n - 1] === 'number';
}

function pagesAfter(listKey: QueryKey, size: number, page: number, total: number): (() => Promise<MoreSongs>) | undefined {
  if (page * size >= total) return undefined;
  return async () => {
    const next = await queryClient.fetchQuery<SongPage>({
      queryKey: pageKey(listKey, size, page + 1),
      // Only the catalogue is read from here; other lists' pages are already cached or end.
      queryFn: () => fetchSongPage(page + 1, size),
    });
    return { songs: next.data, more: next.data.length ? pagesAfter(listKey, size, page + 1, next.total) : undefined };
  };
}

/** The songs a cached entry holds: one page, or the pages read so far of an endless list. */
function songsOf(data: unknown): Song[] | null {
  const page = data as Partial<SongPage> | undefined;
  if (Array.isArray(page?.data)) return page.data;
  const endless = data as Partial<InfiniteData<SongPage>> | undefined;
  if (Array.isArray(endless?.pages)) return endless.pages.flatMap((p) => (Array.isArray(p?.data) ? p.data : []));
  return null;
}

/** The cached page of `listKey` (any list when omitted) that holds the song. */
function findCached(songId: string, listKey?: QueryKey): SongQueue | null {
  const cached = queryClient.getQueriesData({ queryKey: listKey ?? [] });
  for (const [key, data] of cached) {
    const songs = songsOf(data);
    const startIndex = songs ? songs.findIndex((song) => song?._id === songId) : -1;
    if (!songs || startIndex === -1) continue;
    if (!isPageKey(key)) return { songs, startIndex };
    const list = key.slice(0, -3);
    const [size, page] = key.slice(-2) as [number, number];
    const paged = list.length === CATALOGUE_KEY.length && list[0] === CATALOGUE_KEY[0];
    const total = (data as SongPage).total;
    return { songs, startIndex, more: paged ? pagesAfter(list, size, page, total) : undefined };
  }
  return null;
}

/** The catalogue's pages after `page` (of `pageSize` songs, `total` in all): what a queue made of it reads next. */
export function cataloguePagesAfter(page: number, pageSize: number, total: number): (() => Promise<MoreSongs>) | undefined {
  return pagesAfter(CATALOGUE_KEY, pageSize, page, total);
}

/**
 * The queue for a song a screen played: the cached page holding it (of the list it was played
 * from, else of any list), with the catalogue's later pages to follow; never the whole catalogue.
 * A song in no cached page is looked for in the first catalogue page; startIndex -1 when absent.
 */
export async function loadSongQueue(songId: string, listKey?: QueryKey): Promise<SongQueue> {
  const found = (listKey && findCached(songId, listKey)) || findCached(songId, CATALOGUE_KEY) || findCached(songId);
  if (found) return found;
  await queryClient.fetchQuery(firstPage);
  return findCached(songId, CATALOGUE_KEY) ?? { songs: [], startIndex: -1 };
}
