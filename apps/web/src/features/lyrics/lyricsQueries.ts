import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/queryClient';
import { fetchLyrics, isCatalogueSongId, removeLyrics, uploadLyrics } from './api';

export const lyricsKey = (songId: string) => ['lyrics', songId] as const;

/**
 * Lyrics stay fresh this long: a track prefetched as the upcoming one is not asked for again at
 * the join (a request in flight there would race the music). An admin's change in this tab
 * replaces the cached lyrics at once; elsewhere it shows within this time or on a reload.
 */
const LYRICS_STALE_MS = 5 * 60_000;

/** The lyrics of the song playing (null: none). */
export function useSongLyrics(songId: string | null | undefined) {
  const id = isCatalogueSongId(songId) ? songId : null;
  return useQuery(
    { queryKey: lyricsKey(id ?? ''), queryFn: () => fetchLyrics(id!), enabled: id !== null, staleTime: LYRICS_STALE_MS, refetchOnWindowFocus: false },
    queryClient,
  );
}

/** Fetches a song's lyrics ahead (the next track's), so they show the moment it starts sounding. */
export function prefetchLyrics(songId: string | null | undefined): void {
  if (isCatalogueSongId(songId)) void queryClient.prefetchQuery({ queryKey: lyricsKey(songId), queryFn: () => fetchLyrics(songId), staleTime: LYRICS_STALE_MS });
}

/** Upload or replace; the player's cache gets the new lyrics at once. */
export function useUploadLyrics(songId: string) {
  return useMutation(
    {
      mutationFn: (file: Blob) => uploadLyrics(songId, file),
      onSuccess: (lyrics) => queryClient.setQueryData(lyricsKey(songId), lyrics),
    },
    queryClient,
  );
}

export function useRemoveLyrics(songId: string) {
  return useMutation(
    {
      mutationFn: () => removeLyrics(songId),
      onSuccess: () => queryClient.setQueryData(lyricsKey(songId), null),
    },
    queryClient,
  );
}
