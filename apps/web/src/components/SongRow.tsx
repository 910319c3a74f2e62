import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatTime, type Song } from '@samaa/shared';
import { SongCoverButton } from './SongCoverButton';
import './SongRow.css';

export interface SongRowProps {
  song: Song;
  onPlay(song: Song): void;
  /** The row's buttons after the time (a feature's like and add-to-playlist). */
  actions?: ReactNode;
  compact?: boolean;
  /** Pages the artist's and the album's names link to (the owner knows where they are). */
  links?: { artist?: string; album?: string };
}

/** A song with its cover (which plays it), name, artist, time and the actions it is given. */
export function SongRow({ song, onPlay, actions, compact = false, links }: SongRowProps) {
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
        <span className="song-row__artist" title={song.album ? `${song.artist} · ${song.album}` : song.artist}>
          {links?.artist ? <Link to={links.artist}>{song.artist}</Link> : song.artist}
          {links?.album && song.album && (
            <>
              {' · '}
              <Link to={links.album}>{song.album}</Link>
            </>
          )}
        </span>
      </div>
      {!compact && (
        <span className="song-row__time">{song.duration ? formatTime(song.duration) : ''}</span>
      )}
      <div className="song-row__actions">{actions}</div>
    </div>
  );
}
