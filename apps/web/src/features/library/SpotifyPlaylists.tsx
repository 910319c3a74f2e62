import { useCallback, useEffect, useRef, useState } from 'react';
import { IMPORT_LABELS, MESSAGES, spotifyPlaylistsError, type CardViewModel } from '@samaa/shared';
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
  const [state, setState] = useState<SpotifyState>({
    status: returningFromSpotify ? 'loading' : 'idle',
  });
  const [notice, setNotice] = useState<string | null>(null);
  const session = useRef(false);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', items: await fetchSpotifyPlaylists() });
    } catch (error) {
      console.error(MESSAGES.spotifyPlaylistsFailed, error);
      setState({ status: 'error', message: failure(error) });
    }
  }, []);

  useEffect(() => {
    let live = true;
    completeSpotifyLogin()
      .then((hasSession) => {
        session.current = hasSession;
        if (!live || !returningFromSpotify) return;
        if (hasSession) void load();
        else setState({ status: 'error', message: MESSAGES.spotifyPlaylistsFailed });
      })
      .catch((error) => {
        console.error('Spotify login failed', error);
        if (live && returningFromSpotify) setState({ status: 'error', message: failure(error) });
      });
    return () => {
      live = false;
    };
  }, [returningFromSpotify, load]);

  /** The button's action. Resolves true when the Spotify playlists should be shown. */
  const requestPlaylists = useCallback(async (): Promise<boolean> => {
    setNotice(null);
    if (session.current) {
      void load();
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
      void load();
      return true;
    } catch (error) {
      setState({ status: 'error', message: failure(error) });
      return true;
    }
  }, [load]);

  /** Navigation state of the player for a Spotify playlist (SPEC §4: source, id, accessToken). */
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
