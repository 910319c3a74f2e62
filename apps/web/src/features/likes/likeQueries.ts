import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchLikedSongIds, fetchLikedSongs, toggleLike } from '../../api/catalogue';
import { queryClient } from '../../api/queryClient';
import { getStoredUser, getUserToken } from '../../session/session';

export const LIKE_KEYS = {
  all: ['likes'] as const,
  ids: ['likes', 'ids'] as const,
  songs: ['likes', 'songs'] as const,
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

/** The liked songs, most recently liked first (Liked Songs), fetched again on every visit. */
export function useLikedSongs() {
  const user = getStoredUser();
  return useQuery(
    {
      queryKey: LIKE_KEYS.songs,
      queryFn: async () => {
        const fetched = await fetchLikedSongs(user!._id);
        const songs = Array.isArray(fetched) ? fetched : [];
        // Every song here is liked: the hearts need not wait for the ids.
        if (!queryClient.getQueryData(LIKE_KEYS.ids)) queryClient.setQueryData(LIKE_KEYS.ids, new Set(songs.map((song) => song._id)));
        return songs;
      },
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

/**
 * Likes or unlikes a song. The heart flips at once on every screen; the server's answer settles
 * it, and a failure puts it back (the caller shows a message).
 */
export function useToggleLike() {
  return useMutation(
    {
      mutationFn: ({ songId }: { songId: string; liked: boolean }) => toggleLike(songId),
      onMutate: async ({ songId, liked }) => {
        await queryClient.cancelQueries({ queryKey: LIKE_KEYS.ids });
        const before = queryClient.getQueryData<ReadonlySet<string>>(LIKE_KEYS.ids);
        setLikedLocally(songId, !liked);
        return { before };
      },
      onError: (_error, _vars, context) => {
        queryClient.setQueryData(LIKE_KEYS.ids, context?.before);
      },
      onSuccess: (likedNow, { songId }) => setLikedLocally(songId, likedNow),
      onSettled: () => queryClient.invalidateQueries({ queryKey: LIKE_KEYS.songs }),
    },
    queryClient,
  );
}
