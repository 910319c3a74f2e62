import { useMutation, useQuery } from '@tanstack/react-query';
import type { Playlist } from '@samaa/shared';
import { deletePlaylist, fetchPlaylist, fetchUserPlaylists } from './api';
import { getUserToken, hasUserToken } from '../../session/session';
import { queryClient } from '../../api/queryClient';

export const PLAYLIST_KEYS = {
  all: ['playlists'] as const,
  own: ['playlists', 'own'] as const,
  one: (id: string) => ['playlists', 'one', id] as const,
};

/**
 * The listener's own playlists; undefined while they load (the pickers show "Loading...").
 * `revalidate` (the Library) fetches them again on every visit, showing the cached list
 * meanwhile: a phone app or another tab may have changed them.
 */
export function useOwnPlaylists({ revalidate = false }: { revalidate?: boolean } = {}) {
  return useQuery(
    { queryKey: PLAYLIST_KEYS.own, queryFn: fetchUserPlaylists, enabled: Boolean(getUserToken()), refetchOnMount: revalidate ? 'always' : true },
    queryClient,
  );
}

/**
 * After any playlist change: every screen showing playlists refetches. With the changed playlist
 * as the server answered it, the cached list shows it at once, so a screen opened before the
 * refetch lands (the Library after adding songs on Home) does not show the count from before.
 */
export function playlistsChanged(changed?: Playlist): Promise<void> {
  if (changed) {
    queryClient.setQueryData<Playlist[]>(PLAYLIST_KEYS.own, (current) =>
      current?.map((playlist) => (playlist._id === changed._id ? changed : playlist)),
    );
  }
  return queryClient.invalidateQueries({ queryKey: PLAYLIST_KEYS.all });
}

/** A deleted playlist leaves every list at once; the lists refetch when next shown. */
export function playlistDeleted(id: string): Promise<void> {
  queryClient.setQueryData<Playlist[]>(PLAYLIST_KEYS.own, (current) => current?.filter((playlist) => playlist._id !== id));
  return queryClient.invalidateQueries({ queryKey: PLAYLIST_KEYS.all, refetchType: 'none' });
}

/** One own playlist (the edit form's starting values); idle without an id. */
export function usePlaylist(id: string | null) {
  return useQuery(
    { queryKey: PLAYLIST_KEYS.one(id ?? ''), queryFn: () => fetchPlaylist(id!), enabled: Boolean(id && getUserToken()), staleTime: 0 },
    queryClient,
  );
}

/** Deletes an own playlist (without a user token nothing is sent); a failure is only logged. */
export function useDeletePlaylist() {
  return useMutation(
    {
      mutationFn: async (id: string) => {
        if (!hasUserToken()) return;
        await deletePlaylist(id);
        await playlistDeleted(id);
      },
      onError: (error) => console.error('Playlist delete failed', error),
    },
    queryClient,
  );
}
