import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LABELS, MESSAGES, trendingError, type SaavnPlaylist } from '@samaa/shared';
import {
  TRENDING_QUERY,
  saavnFailureDetail,
  saavnPlaylistCard,
  searchSaavnPlaylists,
} from '../../api/saavn';
import { Loading } from '../../components/Loading';
import { PlaylistCard } from '../../components/PlaylistCard';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; playlists: SaavnPlaylist[] };

/** SPEC §2 "/trending": Saavn's trending playlists; a click opens the player. */
export default function TrendingPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    searchSaavnPlaylists(TRENDING_QUERY)
      .then((playlists) => live && setState({ status: 'ready', playlists }))
      .catch((error) => {
        console.error(MESSAGES.trendingFailed, error);
        const detail = saavnFailureDetail(error);
        if (live)
          setState({
            status: 'error',
            message: detail ? trendingError(detail) : MESSAGES.trendingFailed,
          });
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="trending">
      <h1>{LABELS.trendingPlaylists}</h1>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <p className="alert alert--error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && state.playlists.length === 0 && (
        <p className="empty-state">{MESSAGES.noTrending}</p>
      )}
      {state.status === 'ready' && state.playlists.length > 0 && (
        <div className="grid">
          {state.playlists.map((playlist) => (
            <PlaylistCard
              key={playlist.id}
              card={saavnPlaylistCard(playlist)}
              wholeCardPlays
              onPlay={() => navigate('/player', { state: { source: 'saavn', id: playlist.id } })}
            />
          ))}
        </div>
      )}
    </div>
  );
}
