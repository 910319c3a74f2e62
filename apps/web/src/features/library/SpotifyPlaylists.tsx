import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IMPORT_LABELS, MESSAGES, spotifyPlaylistsError, type CardViewModel } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { PlaylistCard } from '../playlists';
import {
  completeSpotifyLogin,
  fetchSpotifyPlaylists,
  isSpotifyConfigured,
  startSpotifyLogin,
} from '../spotify';

/** Idle until the playlists are first requested (shown like loading). */
export type SpotifyState = { status: 'idle' } | ListState<CardViewModel>;

const failure = (error: unknown) =>
  error instanceof Error && error.message
    ? spotifyPlaylistsError(error.message)
    : MESSAGES.spotifyPlaylistsFailed;

/**
 * The Spotify side of the library: finishes a redirect back from Spotify on mount, then the
 * button either lists the playlists (a session exists), starts the login, or explains that
 * the import is not configured.
 */
export function useSpotifyImport(returningFromSpotify: boolean) {
  /** Set once the playlists are asked for: then they are read (again on each ask). */
  const [wanted, setWanted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const session = useRef(false);

  const playlists = useQuery(
    {
      queryKey: ['spotify', 'playlists'],
      queryFn: () =>
        fetchSpotifyPlaylists().catch((error: unknown) => {
          console.error(MESSAGES.spotifyPlaylistsFailed, error);
          throw error;
        }),
      enabled: wanted,
      // A Spotify session is this tab's: read on each ask, never kept for another visit.
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
  const { refetch } = playlists;

  const load = useCallback(() => {
    setProblem(null);
    if (wanted) void refetch();
    else setWanted(true);
  }, [wanted, refetch]);

  // Back from Spotify's authorize page: the code is exchanged for a session (a change, once).
  const finishLogin = useMutation(
    {
      mutationFn: completeSpotifyLogin,
      onSuccess: (hasSession) => {
        session.current = hasSession;
        if (!returningFromSpotify) return;
        if (hasSession) setWanted(true);
        else setProblem(MESSAGES.spotifyPlaylistsFailed);
      },
      onError: (error) => {
        console.error('Spotify login failed', error);
        if (returningFromSpotify) setProblem(failure(error));
      },
    },
    queryClient,
  );
  const { mutate: completeLogin } = finishLogin;
  useEffect(() => completeLogin(), [completeLogin]);

  const state: SpotifyState = problem
    ? { status: 'error', message: problem }
    : !wanted
      ? returningFromSpotify
        ? { status: 'loading' }
        : { status: 'idle' }
      : playlists.isFetching || playlists.isPending
        ? { status: 'loading' }
        : playlists.isError
          ? { status: 'error', message: failure(playlists.error) }
          : { status: 'ready', items: playlists.data };

  /** The button's action. Resolves true when the Spotify playlists should be shown. */
  const requestPlaylists = useCallback(async (): Promise<boolean> => {
    setNotice(null);
    if (session.current) {
      load();
      return true;
    }
    let configured = false;
    try {
      configured = await isSpotifyConfigured();
    } catch (error) {
      console.error('Could not read the Spotify setting', error);
    }
    if (!configured) {
      setNotice(MESSAGES.spotifyImportNotConfigured);
      return false;
    }
    try {
      // The popup answered: this tab now has a session, and its playback never stopped.
      if (!(await startSpotifyLogin())) return false;
      session.current = true;
      load();
      return true;
    } catch (error) {
      setProblem(failure(error));
      return true;
    }
  }, [load]);

  /** Navigation state of the player for a Spotify playlist (source and id; the token is this tab's). */
  const playerState = useCallback((id: string) => ({ source: 'spotify' as const, id }), []);

  return { state, notice, requestPlaylists, playerState, clearNotice: () => setNotice(null) };
}

/** Spotify playlists in the same cards as the own ones. */
export function SpotifyPlaylists({
  state,
  onPlay,
  onImport,
}: {
  state: SpotifyState;
  onPlay(id: string): void;
  /** Makes a Samaa playlist of it (the playlist import). */
  onImport?(card: CardViewModel): void;
}) {
  return (
    <section aria-label="Spotify playlists">
      <AsyncList
        state={state.status === 'idle' ? { status: 'loading' } : state}
        empty={MESSAGES.noPlaylists}
      >
        {(playlists) => (
          <div className="grid">
            {playlists.map((card) => (
              <PlaylistCard
                key={card.id}
                card={card}
                onPlay={() => onPlay(card.id)}
                menu={onImport ? [{ label: IMPORT_LABELS.importFromSpotify, onSelect: () => onImport(card) }] : undefined}
              />
            ))}
          </div>
        )}
      </AsyncList>
    </section>
  );
}
