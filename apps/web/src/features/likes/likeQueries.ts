import { skipToken, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { Song } from '@samaa/shared';
import { fetchLikedSongIds, fetchLikedSongPage, toggleLike } from './api';
import { queryClient } from '../../api/queryClient';
import { getStoredUser, getUserToken } from '../../session/session';

export const LIKE_KEYS = {
  all: ['likes'] as const,
  ids: ['likes', 'ids'] as const,
  songs: ['likes', 'songs'] as const,
  failed: ['likes', 'failed'] as const,
};

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The signed-in listener's liked song ids, one set for every screen; undefined until known.
 * `fresh` reads them again on mount, as Liked Songs does on each visit: a like made elsewhere
 * (another tab, a Subsonic app) would otherwise be missing from the set it filters by.
 */
export function useLikedIdsQuery({ fresh = false } = {}) {
  return useQuery(
    {
      queryKey: LIKE_KEYS.ids,
      queryFn: async () => new Set(await fetchLikedSongIds()) as ReadonlySet<string>,
      enabled: Boolean(getUserToken()),
      refetchOnMount: fresh ? 'always' : true,
    },
    queryClient,
  );
}

/** The liked song ids, empty until known. */
export function useLikedIds(): ReadonlySet<string> {
  return useLikedIdsQuery().data ?? EMPTY;
}

/** Liked Songs reads 100 songs a page. */
export const LIKED_PAGE_SIZE = 100;

/** Sets of ids made here from the liked songs, not read from the server. */
const derivedIds = new WeakSet<ReadonlySet<string>>();

/** Every song of a liked page is liked: until the server's ids arrive, the hearts need not wait. */
function knownLiked(songs: Song[]): void {
  const current = queryClient.getQueryData<ReadonlySet<string>>(LIKE_KEYS.ids);
  if (current && !derivedIds.has(current)) return;
  const next: ReadonlySet<string> = new Set([...(current ?? []), ...songs.map((song) => song._id)]);
  derivedIds.add(next);
  queryClient.setQueryData(LIKE_KEYS.ids, next);
}

/**
 * The liked songs, most recently liked first (Liked Songs), read a page at a time as the list
 * scrolls (`fetchNextPage`), and read again on every visit.
 */
export function useLikedSongPages() {
  const user = getStoredUser();
  return useInfiniteQuery(
    {
      queryKey: [...LIKE_KEYS.songs, 'pages'],
      queryFn: async ({ pageParam }) => {
        const page = await fetchLikedSongPage(user!._id, pageParam, LIKED_PAGE_SIZE);
        knownLiked(page.data);
        return page;
      },
      initialPageParam: 1,
      getNextPageParam: (last, pages, lastParam) =>
        last.data.length > 0 && lastParam * LIKED_PAGE_SIZE < last.total ? lastParam + 1 : undefined,
      enabled: Boolean(user && getUserToken()),
      refetchOnMount: 'always',
    },
    queryClient,
  );
}

function setLikedLocally(songId: string, liked: boolean): void {
  queryClient.setQueryData<ReadonlySet<string>>(LIKE_KEYS.ids, (current) => {
    const next = new Set(current ?? []);
    if (liked) next.add(songId);
    else next.delete(songId);
    return next;
  });
}

/** How long a heart says that the server refused its like or unlike. */
export const LIKE_FAILED_SHOWN_MS = 4000;

/** Songs whose like or unlike the server refused a moment ago, and when. */
type Failures = ReadonlyMap<string, number>;

function setFailure(songId: string, at: number | undefined): void {
  queryClient.setQueryData<Failures>(LIKE_KEYS.failed, (current) => {
    const next = new Map(current);
    if (at === undefined) next.delete(songId);
    else next.set(songId, at);
    return next;
  });
}

/**
 * Whether the server refused the last like or unlike of `songId` a moment ago. Kept with the
 * likes, not in the heart that asked: on Liked Songs an unliked card leaves at once, and when the
 * server refuses it comes back with a new heart, which must still say so.
 */
export function useLikeFailed(songId: string): boolean {
  const { data } = useQuery<Failures>({ queryKey: LIKE_KEYS.failed, queryFn: skipToken }, queryClient);
  return data?.has(songId) ?? false;
}

/**
 * Likes or unlikes a song. The heart flips at once on every screen; the server's answer settles
 * it, and a failure puts it back and is kept a moment for the song's hearts to show.
 */
export function useToggleLike() {
  return useMutation(
    {
      mutationFn: ({ songId }: { songId: string; liked: boolean }) => toggleLike(songId),
      onMutate: async ({ songId, liked }) => {
        setFailure(songId, undefined);
        await queryClient.cancelQueries({ queryKey: LIKE_KEYS.ids });
        const before = queryClient.getQueryData<ReadonlySet<string>>(LIKE_KEYS.ids);
        setLikedLocally(songId, !liked);
        return { before };
      },
      onError: (error, { songId }, context) => {
        console.error('Like failed', error);
        queryClient.setQueryData(LIKE_KEYS.ids, context?.before);
        const at = Date.now();
        setFailure(songId, at);
        setTimeout(() => {
          // Only this failure: a later one shows for its own while.
          if (queryClient.getQueryData<Failures>(LIKE_KEYS.failed)?.get(songId) === at) setFailure(songId, undefined);
        }, LIKE_FAILED_SHOWN_MS);
      },
      onSuccess: (likedNow, { songId }) => setLikedLocally(songId, likedNow),
      onSettled: () => queryClient.invalidateQueries({ queryKey: LIKE_KEYS.songs }),
    },
    queryClient,
  );
}
