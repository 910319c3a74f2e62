import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { Loading } from '../components/Loading';
import { MEDIA_SESSION_QUERY_KEY, startMediaSession } from './mediaSession';

/**
 * Renders the signed-in shell once the media cookie is there, so its first covers and audio load.
 * If the call fails the shell still renders (an invalid session is sent to sign-in by the client).
 */
export function MediaSessionGate({ children }: { children: ReactNode }) {
  const { isPending } = useQuery(
    {
      queryKey: MEDIA_SESSION_QUERY_KEY,
      queryFn: startMediaSession,
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
  return isPending ? <Loading /> : <>{children}</>;
}
