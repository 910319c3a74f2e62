import { useNavigate } from 'react-router-dom';
import type { SaavnPlaylist } from '@samaa/shared';
import { saavnPlaylistCard } from './api';
import { PlaylistCard, type PlaylistCardProps } from '../playlists';

/** JioSaavn playlists as a grid of cards; playing one opens the player on it (feed, trending). */
export function SaavnPlaylistGrid({
  playlists,
  ...cardOptions
}: { playlists: SaavnPlaylist[] } & Pick<PlaylistCardProps, 'listenNow' | 'wholeCardPlays'>) {
  const navigate = useNavigate();
  return (
    <div className="grid">
      {playlists.map((playlist) => (
        <PlaylistCard
          key={playlist.id}
          card={saavnPlaylistCard(playlist)}
          {...cardOptions}
          onPlay={() => navigate('/player', { state: { source: 'saavn', id: playlist.id } })}
        />
      ))}
    </div>
  );
}
