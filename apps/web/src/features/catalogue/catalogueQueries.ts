import { useQuery } from '@tanstack/react-query';
import type { Song } from '@samaa/shared';
import { fetchSongs } from '../../api/catalogue';
import { queryClient } from '../../api/queryClient';

export const CATALOGUE_KEY = ['songs'] as const;

const catalogueQuery = { queryKey: CATALOGUE_KEY, queryFn: fetchSongs };

/** The whole catalogue: fetched once per session and shared by Home, the player and search. */
export function useCatalogue() {
  return useQuery(catalogueQuery, queryClient);
}

/** The catalogue for code outside React render (the player's sources): the cached list when fresh. */
export function loadCatalogue(): Promise<Song[]> {
  return queryClient.fetchQuery(catalogueQuery);
}
