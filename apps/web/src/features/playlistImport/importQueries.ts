import { useMutation, useQuery } from '@tanstack/react-query';
import type { ImportRowResolution, PlaylistImportResult } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { getUserToken } from '../../session/session';
import { playlistsChanged } from '../playlists';
import { fetchSpotifyImportTracks } from '../spotify';
import { fetchImport, importPlaylistFile, importSpotifyPlaylist, matchImportAgain, resolveImportRow, type ImportAnswer } from './api';

export const IMPORT_KEYS = {
  review: (playlistId: string) => ['playlist-import', playlistId] as const,
};

/** An import's rows and playlist, for the review page (kept by the server, so a reload shows them). */
export function useImportReview(playlistId: string) {
  return useQuery(
    { queryKey: IMPORT_KEYS.review(playlistId), queryFn: () => fetchImport(playlistId), enabled: Boolean(getUserToken()), staleTime: 0 },
    queryClient,
  );
}

function remember(answer: ImportAnswer): void {
  const { playlist, rows, counts } = answer;
  queryClient.setQueryData<PlaylistImportResult>(IMPORT_KEYS.review(playlist._id), { playlist, rows, counts });
  void playlistsChanged();
}

export function useImportFile() {
  return useMutation({ mutationFn: importPlaylistFile, onSuccess: remember }, queryClient);
}

export function useResolveRow(playlistId: string) {
  return useMutation(
    {
      mutationFn: ({ index, resolution }: { index: number; resolution: ImportRowResolution }) =>
        resolveImportRow(playlistId, index, resolution),
      onSuccess: remember,
    },
    queryClient,
  );
}

export function useMatchAgain(playlistId: string) {
  return useMutation({ mutationFn: () => matchImportAgain(playlistId), onSuccess: remember }, queryClient);
}

/** Reads a Spotify playlist's tracks in the browser (the tokens stay here) and imports them. */
export function useImportSpotify() {
  return useMutation(
    {
      mutationFn: async ({ id, name, saavn = false }: { id: string; name: string; saavn?: boolean }) =>
        importSpotifyPlaylist(id, name, await fetchSpotifyImportTracks(id), saavn),
      onSuccess: remember,
    },
    queryClient,
  );
}
