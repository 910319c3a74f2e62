import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/queryClient';
import { fetchLyrics, isCatalogueSongId, removeLyrics, uploadLyrics } from './lyricsApi';

export const lyricsKey = (songId: string) => ['lyrics', songId] as const;

/** The lyrics of the song playing (null: none). Always revalidated, so an admin's change shows on the next play. */
export function useSongLyrics(songId: string | null | undefined) {
  const id = isCatalogueSongId(songId) ? songId : null;
  return useQuery({ queryKey: lyricsKey(id ?? ''), queryFn: () => fetchLyrics(id!), enabled: id !== null, staleTime: 0 }, queryClient);
}

/** Fetches a song's lyrics ahead (the next track's), so they show the moment it starts sounding. */
export function prefetchLyrics(songId: string | null | undefined): void {
  if (isCatalogueSongId(songId)) void queryClient.prefetchQuery({ queryKey: lyricsKey(songId), queryFn: () => fetchLyrics(songId), staleTime: 30_000 });
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
