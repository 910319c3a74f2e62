import { useState } from 'react';
import { Link } from 'react-router-dom';
import { IMPORT_LABELS, PLAYLIST_PAGE, QUEUE_LABELS, playlistSummary, type Playlist } from '@samaa/shared';
import { mediaUrl } from '../../api/client';
import { coverPlaceholder } from '../../components/coverPlaceholder';
import { PlayIcon } from '../../components/icons';
import type { PageEntry } from './playlistEntriesAsSongs';
import { totalSeconds } from './playlistEntriesAsSongs';

export interface PlaylistHeaderProps {
  playlist: Playlist;
  entries: PageEntry[];
  onPlay(): void;
  onShuffle(): void;
  /** Absent outside a player (the queue actions need one). */
  onPlayNext?(): void;
  onAddToQueue?(): void;
  onEdit(): void;
  onDelete(): void;
  deleting: boolean;
}

/** The playlist page's top: cover, name, description, count and length, and what the playlist can do. */
export function PlaylistHeader({ playlist, entries, onPlay, onShuffle, onPlayNext, onAddToQueue, onEdit, onDelete, deleting }: PlaylistHeaderProps) {
  const placeholder = coverPlaceholder(playlist.name);
  const [cover, setCover] = useState(mediaUrl(playlist.img) || placeholder);
  const empty = entries.length === 0;
  return (
    <header className="pl-page__header">
      <img className="pl-page__cover" src={cover} alt="" onError={() => setCover(placeholder)} />
      <div className="pl-page__about">
        <p className="pl-page__kind">Playlist</p>
        <h1 className="pl-page__name">{playlist.name}</h1>
        {playlist.desc && <p className="pl-page__desc">{playlist.desc}</p>}
        <p className="pl-page__summary">{playlistSummary(entries.length, totalSeconds(entries.map((entry) => entry.song)))}</p>
        <div className="pl-page__buttons">
          <button type="button" className="btn pl-page__play" disabled={empty} onClick={onPlay}>
            <PlayIcon /> {PLAYLIST_PAGE.play}
          </button>
          <button type="button" className="btn btn--ghost" disabled={empty} onClick={onShuffle}>
            {PLAYLIST_PAGE.shuffle}
          </button>
          {onPlayNext && (
            <button type="button" className="btn btn--ghost" disabled={empty} onClick={onPlayNext}>
              {QUEUE_LABELS.playNext}
            </button>
          )}
          {onAddToQueue && (
            <button type="button" className="btn btn--ghost" disabled={empty} onClick={onAddToQueue}>
              {QUEUE_LABELS.addToQueue}
            </button>
          )}
          <button type="button" className="btn btn--ghost" onClick={onEdit}>
            {PLAYLIST_PAGE.edit}
          </button>
          <button type="button" className="btn btn--danger" disabled={deleting} onClick={onDelete}>
            {PLAYLIST_PAGE.delete}
          </button>
          {playlist.imported && (
            <Link className="btn btn--ghost" to={`/library/import/${playlist._id}`}>
              {IMPORT_LABELS.review}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
