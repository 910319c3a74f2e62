import { useCallback, useState } from 'react';
import { LABELS, MESSAGES, type Song } from '@samaa/shared';
import { deleteSong, fetchSongs } from '../../api/catalogue';
import { mediaUrl } from '../../api/client';
import { AdminListPage } from './AdminListPage';
import { BulkUpload } from './BulkUpload';
import { ConfirmDelete } from './ConfirmDelete';
import { SidePanel } from './SidePanel';
import { SongForm } from './SongForm';
import { useDeletableList } from './useDeletableList';
import { ADMIN_KEYS } from './adminQueries';

const BULK_UPLOAD_TITLE = 'Upload many';

type Panel = { mode: 'create' } | { mode: 'bulk' } | { mode: 'edit'; song: Song } | null;

/** `/songsdata` (SPEC §2): the Songs table, Add Song and Edit in a side panel; lists reload after changes. */
export default function SongsPage() {
  const { state, reload, remove, deleteError } = useDeletableList(
    ADMIN_KEYS.songs,
    fetchSongs,
    deleteSong,
    MESSAGES.deleteSongFailed,
  );
  const [panel, setPanel] = useState<Panel>(null);

  const closePanel = useCallback(() => setPanel(null), []);

  return (
    <AdminListPage
      titleId="songs-title"
      title={LABELS.songs}
      action={
        <div className="admin-page__actions">
          <button type="button" className="btn btn--ghost admin-page__action" onClick={() => setPanel({ mode: 'bulk' })}>
            {BULK_UPLOAD_TITLE}
          </button>
          <button
            type="button"
            className="btn admin-page__action"
            onClick={() => setPanel({ mode: 'create' })}
          >
            {LABELS.addSong}
          </button>
        </div>
      }
      state={state}
      deleteError={deleteError}
      loadFailed={MESSAGES.songsLoadFailed}
      empty={MESSAGES.noSongsUploaded}
      table={(songs) => (
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
            {songs.map((song) => (
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
                    // Only the file's header is fetched, so the control shows the real length.
                    preload="metadata"
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
      )}
    >
      {panel?.mode === 'bulk' && (
        <SidePanel title={BULK_UPLOAD_TITLE} onClose={closePanel}>
          <BulkUpload onSaved={reload} />
        </SidePanel>
      )}
      {panel && panel.mode !== 'bulk' && (
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
    </AdminListPage>
  );
}
