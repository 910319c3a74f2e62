import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isAxiosError } from 'axios';
import { PLAYLIST_PAGE, type Song } from '@samaa/shared';
import { Loading } from '../../components/Loading';
import { useQueueActions, useStartPlayback, usePlayerEngine } from '../player';
import { PlaylistForm } from './PlaylistForm';
import { PlaylistHeader } from './PlaylistHeader';
import { PlaylistSongList } from './PlaylistSongList';
import { pageEntries } from './playlistEntriesAsSongs';
import { playlistsChanged, useDeletePlaylist, useOwnPlaylists, usePlaylist } from './playlistQueries';
import { usePlaylistSongChange } from './playlistSongMutations';
import './PlaylistPage.css';

const missing = (error: unknown) => isAxiosError(error) && (error.response?.status === 404 || error.response?.status === 403);

/**
 * `/playlists/:id`: an own playlist, its songs played from any row in place, removed, and moved by
 * drag or by each row's "Move up" / "Move down"; the playlist played, shuffled, edited or deleted.
 */
export default function PlaylistPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const playlist = usePlaylist(id);
  const { data: playlists } = useOwnPlaylists();
  const change = usePlaylistSongChange(id);
  const deletion = useDeletePlaylist();
  const startPlayback = useStartPlayback();
  const engine = usePlayerEngine();
  const queueActions = useQueueActions();
  const [editing, setEditing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusSongId, setFocusSongId] = useState<string | null>(null);
  const forgetFocus = useCallback(() => setFocusSongId(null), []);

  const entries = useMemo(() => (playlist.data ? pageEntries(playlist.data) : []), [playlist.data]);
  const queue = useMemo(() => entries.map((entry) => entry.song), [entries]);
  const play = (index: number) => startPlayback(queue, index, { kind: 'list' }, { stay: true });
  const shuffle = () => {
    play(Math.floor(Math.random() * queue.length));
    if (!engine.getSnapshot().playback.shuffle) engine.toggleShuffle();
  };
  const remove = (song: Song) => {
    setAnnouncement(PLAYLIST_PAGE.removed(song.name));
    change.mutate({ kind: 'remove', songId: song._id });
  };
  const move = (song: Song, to: number, fromMenu: boolean) => {
    const total = playlist.data?.songs.length ?? 0;
    setAnnouncement(PLAYLIST_PAGE.moved(song.name, Math.min(to, total - 1) + 1, total));
    if (fromMenu) setFocusSongId(song._id);
    change.mutate({ kind: 'move', songId: song._id, to });
  };

  if (playlist.isPending && playlist.fetchStatus !== 'idle') return <Loading />;
  if (missing(playlist.error) || (!playlist.data && !playlist.error)) {
    return (
      <div className="pl-page">
        <p className="alert alert--error" role="alert">
          {PLAYLIST_PAGE.notFound}
        </p>
        <Link to="/library">{PLAYLIST_PAGE.back}</Link>
      </div>
    );
  }
  if (!playlist.data) {
    return (
      <div className="pl-page">
        <p className="alert alert--error" role="alert">
          {PLAYLIST_PAGE.loadFailed}
        </p>
        <button type="button" className="btn btn--ghost" onClick={() => void playlist.refetch()}>
          {PLAYLIST_PAGE.tryAgain}
        </button>
      </div>
    );
  }

  const failure = change.isError
    ? change.variables?.kind === 'remove'
      ? PLAYLIST_PAGE.removeFailed
      : PLAYLIST_PAGE.moveFailed
    : deletion.isError
      ? PLAYLIST_PAGE.deleteFailed
      : null;

  return (
    <div className="pl-page">
      <PlaylistHeader
        playlist={playlist.data}
        entries={entries}
        onPlay={() => play(0)}
        onShuffle={shuffle}
        onPlayNext={queueActions ? () => queueActions.playNext(queue) : undefined}
        onAddToQueue={queueActions ? () => queueActions.addToQueue(queue) : undefined}
        onEdit={() => setEditing(true)}
        onDelete={() => deletion.mutate(id, { onSuccess: () => navigate('/library') })}
        deleting={deletion.isPending}
      />
      {editing && (
        <PlaylistForm
          mode={{ kind: 'edit', id }}
          onClose={() => {
            setEditing(false);
            void playlistsChanged();
          }}
        />
      )}
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="empty-state">{PLAYLIST_PAGE.empty}</p>
      ) : (
        <PlaylistSongList
          entries={entries}
          playlists={playlists}
          onPlay={play}
          onRemove={remove}
          onMove={move}
          focusSongId={focusSongId}
          onFocused={forgetFocus}
        />
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
