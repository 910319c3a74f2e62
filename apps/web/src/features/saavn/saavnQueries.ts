import { useQuery } from '@tanstack/react-query';
import { searchSaavnPlaylists } from './api';
import { queryClient } from '../../api/queryClient';

export const SAAVN_KEYS = {
  playlists: (query: string) => ['saavn', 'playlists', query] as const,
};

/** JioSaavn playlists for a search (feed categories, trending): kept 5 minutes, shared by screens. */
export function useSaavnPlaylists(query: string) {
  return useQuery(
    { queryKey: SAAVN_KEYS.playlists(query), queryFn: () => searchSaavnPlaylists(query), staleTime: 5 * 60_000 },
    queryClient,
  );
}
