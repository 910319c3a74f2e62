import { useState } from 'react';
import { formatTime, type Playlist, type Song } from '@samaa/shared';
import { mediaUrl } from '../api/client';
import { coverPlaceholder } from './coverPlaceholder';
import { LikeButton } from './LikeButton';
import { AddToPlaylist } from './AddToPlaylist';
import { PlayIcon } from './icons';
import './SongRow.css';

export interface SongRowProps {
  song: Song;
  liked: boolean;
  onPlay(song: Song): void;
  onLikedChange(songId: string, liked: boolean): void;
  /** The user's playlists for add-to-playlist; omit to hide it. Undefined entries mean loading. */
  playlists?: Playlist[] | undefined;
  showAddToPlaylist?: boolean;
  compact?: boolean;
}

/** A song with play, like and add-to-playlist (SPEC §2 home list and search results). */
export function SongRow({
  song,
  liked,
  onPlay,
  onLikedChange,
  playlists,
  showAddToPlaylist = true,
  compact = false,
}: SongRowProps) {
  const placeholder = coverPlaceholder(song.name);
  const [cover, setCover] = useState(mediaUrl(song.img) || placeholder);

  return (
    <div className={compact ? 'song-row song-row--compact' : 'song-row'}>
      <button
        type="button"
        className="song-row__play"
        aria-label={`Play ${song.name}`}
        onClick={() => onPlay(song)}
      >
        <img src={cover} alt="" loading="lazy" onError={() => setCover(placeholder)} />
        <span className="song-row__play-icon">
          <PlayIcon />
        </span>
      </button>
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
        <LikeButton
          songId={song._id}
          songName={song.name}
          liked={liked}
          onChange={(value) => onLikedChange(song._id, value)}
        />
        {showAddToPlaylist && (
          <AddToPlaylist songId={song._id} songName={song.name} playlists={playlists} />
        )}
      </div>
    </div>
  );
}
