import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { LABELS, MESSAGES, type Song } from '@samaa/shared';
import { useNewestSongs } from '../catalogue';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { Loading } from '../../components/Loading';
import { coverSources } from '../../components/cover';
import { PlayerWidgets } from './PlayerWidgets';
import { LiveProgressDisc, LiveSeekBar } from './LiveProgress';
import { LyricsPanel } from './LyricsPanel';
import { PlaybackSettingsPanel } from './PlaybackSettingsPanel';
import { Equalizer } from './ProgressDisc';
import { QueueList } from './QueueList';
import { TransportControls } from './TransportControls';
import { loadSource, parseSource, songToTrack, SourceError, type PlayerSource } from './sources';
import { PLAYER_KEYS_REGION } from './useKeyboardShortcuts';
import { usePlayerEngine, usePlayerState } from './usePlayer';
import './player.css';

/** The newest songs (Home's first page, shared through the cache), as the widgets need them. */
function usePlayerCatalogue() {
  const { data, error } = useNewestSongs();
  return {
    songs: data?.data ?? null,
    error: error ? errorMessage(error, MESSAGES.songsLoadFailed) : null,
  };
}

/**
 * The queue a navigation state names (a playlist of ours, JioSaavn's or Spotify's, or a song id),
 * read once per visit: never refetched, and forgotten once the screen leaves it.
 */
function useSourceQueue(source: PlayerSource | null) {
  return useQuery(
    {
      queryKey: ['player', 'source', source],
      queryFn: () =>
        loadSource(source!).catch((err: unknown) => {
          console.error('Player source failed to load:', err);
          throw err;
        }),
      enabled: source !== null,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
}

/**
 * /player: plays the source named by navigation state, or shows what is playing (a play button
 * elsewhere has already started it, see startPlayback.ts).
 * Playback itself lives in PlayerProvider, so it goes on when the listener leaves this screen.
 */
export default function PlayerPage() {
  const { playQueue } = usePlayerEngine();
  const track = usePlayerState((s) => s.track);
  const playing = usePlayerState((s) => s.playback.playing);
  const hasQueue = usePlayerState((s) => s.playback.tracks.length > 0);
  const playerError = usePlayerState((s) => s.error);
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();
  const catalogue = usePlayerCatalogue();
  const source = useMemo(() => parseSource(location.state), [location.state]);
  const queue = useSourceQueue(source);
  const loading = source !== null && queue.isPending;
  const loadError =
    source !== null && queue.isError ? (queue.error instanceof SourceError ? queue.error.message : MESSAGES.noSongData) : null;

  useEffect(() => {
    if (!queue.data) return;
    playQueue(queue.data.tracks, queue.data.startIndex, queue.data.more);
    // The state is consumed: a reload now restores the saved queue instead of starting over.
    navigate(pathname, { replace: true, state: null });
  }, [queue.data, playQueue, navigate, pathname]);

  const playFromCatalogue = (song: Song) => {
    const songs = catalogue.songs ?? [];
    playQueue(songs.map(songToTrack), songs.indexOf(song));
  };

  return (
    <div className="player">
      <div className="player__stage" {...{ [PLAYER_KEYS_REGION]: '' }}>
        {loading && <Loading />}
        {!loading && loadError && <p className="alert alert--error">{loadError}</p>}
        {!loading && !loadError && playerError && (
          <p className="empty-state player__empty">{playerError}</p>
        )}
        {!loading && track && (
          <>
            <LiveProgressDisc img={track.img} />
            <div className="player__heading">
              <h1 className="player__title">{track.name}</h1>
              <p className="player__artist">{track.artist}</p>
            </div>
            <Equalizer playing={playing} />
            <LiveSeekBar />
            <TransportControls />
          </>
        )}
        {!loading && hasQueue && <QueueList />}
      </div>

      <aside className="player__side">
        {track && !loading && (
          <section className="player-card" aria-label="Now playing">
            <div className="player-card__art">
              {track.img ? <img {...coverSources(track.img, 300)} alt="" /> : null}
            </div>
            <p className="player-card__name">{track.name}</p>
            <p className="player-card__artist">{track.artist}</p>
            <p className="player-card__vibe">{LABELS.vibeOn}</p>
          </section>
        )}
        {track && !loading && <LyricsPanel />}
        {hasQueue && !loading && <PlaybackSettingsPanel />}
        <PlayerWidgets songs={catalogue.songs} error={catalogue.error} onPick={playFromCatalogue} />
      </aside>
    </div>
  );
}
