import { useCallback, useState } from 'react';
import { LABELS, MESSAGES, type Song } from '@samaa/shared';
import { deleteSong, fetchSongs } from '../../api/catalogue';
import { mediaUrl } from '../../api/client';
import { Loading } from '../../components/Loading';
import { ConfirmDelete } from './ConfirmDelete';
import { SidePanel } from './SidePanel';
import { SongForm } from './SongForm';
import { useRemoteData } from './useRemoteData';
import './admin.css';

type Panel = { mode: 'create' } | { mode: 'edit'; song: Song } | null;

/** `/songsdata` (SPEC §2): the Songs table, Add Song and Edit in a side panel; lists reload after changes. */
export default function SongsPage() {
  const { state, reload } = useRemoteData(fetchSongs);
  const [panel, setPanel] = useState<Panel>(null);
  const [deleteError, setDeleteError] = useState('');

  const closePanel = useCallback(() => setPanel(null), []);

  async function remove(id: string) {
    setDeleteError('');
    try {
      await deleteSong(id);
    } catch {
      setDeleteError(MESSAGES.deleteSongFailed);
      return;
    }
    reload();
  }

  return (
    <section className="admin-page" aria-labelledby="songs-title">
      <header className="admin-page__header">
        <h1 id="songs-title">{LABELS.songs}</h1>
        {state.status === 'ready' && <p className="admin-page__count">{state.data.length} total</p>}
        <button
          type="button"
          className="btn admin-page__action"
          onClick={() => setPanel({ mode: 'create' })}
        >
          {LABELS.addSong}
        </button>
      </header>
      {deleteError && (
        <p className="alert alert--error" role="alert">
          {deleteError}
        </p>
      )}
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <p className="alert alert--error" role="alert">
          {MESSAGES.songsLoadFailed}
        </p>
      )}
      {state.status === 'ready' && state.data.length === 0 && (
        <p className="empty-state">{MESSAGES.noSongsUploaded}</p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <div className="admin-table-wrap">
          <table className="table songs-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Artist</th>
                <th scope="col">Image</th>
                <th scope="col">Song</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((song) => (
                <tr key={song._id}>
                  <td>{song.name}</td>
                  <td>{song.artist}</td>
                  <td>
                    {song.img ? (
                      <img
                        className="songs-table__thumb"
                        src={mediaUrl(song.img)}
                        alt={`Cover of ${song.name}`}
                      />
                    ) : (
                      <span
                        className="songs-table__thumb songs-table__thumb--none"
                        aria-label="No image"
                      />
                    )}
                  </td>
                  <td>
                    <audio
                      className="songs-table__audio"
                      controls
                      preload="none"
                      src={mediaUrl(song.song)}
                      aria-label={`Play ${song.name}`}
                    />
                  </td>
                  <td>
                    <div className="admin-table__actions">
                      <button
                        type="button"
                        className="btn btn--ghost btn--small"
                        aria-label={`Edit ${song.name}`}
                        onClick={() => setPanel({ mode: 'edit', song })}
                      >
                        Edit
                      </button>
                      <ConfirmDelete itemName={song.name} onConfirm={() => remove(song._id)} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {panel && (
        <SidePanel
          title={panel.mode === 'create' ? LABELS.addSong : 'Edit Song'}
          onClose={closePanel}
        >
          <SongForm
            key={panel.mode === 'edit' ? panel.song._id : 'new'}
            song={panel.mode === 'edit' ? panel.song : undefined}
            onSaved={reload}
            onDone={closePanel}
          />
        </SidePanel>
      )}
    </section>
  );
}
