import { formatTime, type Playlist, type Song } from '@samaa/shared';
import { LikeButton } from '../features/likes';
import { AddToPlaylist } from '../features/playlists';
import { SongCoverButton } from './SongCoverButton';
import { playlistsChanged } from '../features/playlists';
import './SongRow.css';

export interface SongRowProps {
  song: Song;
  onPlay(song: Song): void;
  /** The user's playlists for add-to-playlist; omit to hide it. Undefined entries mean loading. */
  playlists?: Playlist[] | undefined;
  showAddToPlaylist?: boolean;
  compact?: boolean;
}

/** A song with play, like and add-to-playlist (SPEC §2 home list and search results). */
export function SongRow({
  song,
  onPlay,
  playlists,
  showAddToPlaylist = true,
  compact = false,
}: SongRowProps) {
  return (
    <div className={compact ? 'song-row song-row--compact' : 'song-row'}>
      <SongCoverButton
        song={song}
        className="song-row__play"
        iconClassName="song-row__play-icon"
        onPlay={() => onPlay(song)}
      />
      <div className="song-row__text">
        <span className="song-row__name" title={song.name}>
          {song.name}
        </span>
        <span className="song-row__artist" title={song.artist}>
          {song.artist}
        </span>
      </div>
      {!compact && (
        <span className="song-row__time">{song.duration ? formatTime(song.duration) : ''}</span>
      )}
      <div className="song-row__actions">
        <LikeButton songId={song._id} songName={song.name} />
        {showAddToPlaylist && (
          <AddToPlaylist songId={song._id} songName={song.name} playlists={playlists} onAdded={playlistsChanged} />
        )}
      </div>
    </div>
  );
}
