import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/queryClient';

export type RemoteState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

export const ADMIN_KEYS = {
  /** The admin's song table is the catalogue: one cache with the listener screens. */
  songs: ['songs'] as const,
  users: ['admin', 'users'] as const,
  analytics: ['admin', 'analytics'] as const,
};

/**
 * An admin screen's data from the shared cache. `reload` refetches it; the current data stays on
 * screen until the new data arrives.
 */
export function useAdminQuery<T>(queryKey: readonly string[], load: () => Promise<T>) {
  const query = useQuery({ queryKey, queryFn: load, staleTime: 0 }, queryClient);
  const state: RemoteState<T> =
    query.data !== undefined
      ? { status: 'ready', data: query.data }
      : query.error
        ? { status: 'error', error: query.error }
        : { status: 'loading' };
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryKey]);
  return { state, reload };
}
