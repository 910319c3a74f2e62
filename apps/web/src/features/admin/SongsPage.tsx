import { useCallback, useState } from 'react';
import { LABELS, MESSAGES, type Song } from '@samaa/shared';
import { deleteSong } from './api';
import { queryClient } from '../../api/queryClient';
import { useCataloguePages } from '../catalogue';
import { AdminListPage } from './AdminListPage';
import { BulkUpload } from './BulkUpload';
import { SidePanel } from './SidePanel';
import { SongForm } from './SongForm';
import { SongsTable } from './SongsTable';
import { useDelete } from './useDeletableList';
import { ADMIN_KEYS, type RemoteState } from './adminQueries';

const BULK_UPLOAD_TITLE = 'Upload many';

type Panel = { mode: 'create' } | { mode: 'bulk' } | { mode: 'edit'; song: Song } | null;

/** `/songsdata`: the Songs table, Add Song and Edit in a side panel; lists reload after changes. */
export default function SongsPage() {
  // The table reads the catalogue page by page as it scrolls, from the cache Home shares.
  const catalogue = useCataloguePages();
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.songs }), []);
  const { remove, deleteError } = useDelete(deleteSong, MESSAGES.deleteSongFailed, reload);
  const state: RemoteState<null[]> =
    catalogue.total !== undefined
      ? { status: 'ready', data: catalogue.total > 0 ? [null] : [] }
      : catalogue.error
        ? { status: 'error', error: catalogue.error }
        : { status: 'loading' };
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
      total={catalogue.total}
      deleteError={deleteError}
      loadFailed={MESSAGES.songsLoadFailed}
      empty={MESSAGES.noSongsUploaded}
      table={() => (
        <SongsTable
          count={catalogue.total ?? 0}
          songAt={catalogue.itemAt}
          onRowsShown={catalogue.showRows}
          onEdit={(song) => setPanel({ mode: 'edit', song })}
          onDelete={remove}
        />
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
