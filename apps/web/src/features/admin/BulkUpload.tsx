import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { createSong } from './api';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { configuredUploadBackend } from '../upload';
import type { UploadBackend } from '../upload';
import { uploadFailureReason } from '../upload';
import { missingFields, newBulkItem, songOf, withUpload, type BulkItem } from './bulkSongs';

const ACCEPT = '.mp3,.m4a,.aac,.ogg,.oga,.opus,.wav,.flac,audio/*';
const SAVE_FAILED = 'The song could not be saved.';

/**
 * Many songs at once: each file is uploaded as soon as it is chosen or dropped (resumable, with
 * its own progress), its title, artist, album and cover come from its tags, and one click saves
 * every uploaded song. A file that fails says why and does not stop the others.
 */
export function BulkUpload({ onSaved, backend }: { onSaved(): void; backend?: UploadBackend }) {
  const id = useId();
  const [items, setItems] = useState<BulkItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const update = (key: string, change: (item: BulkItem) => BulkItem) =>
    setItems((current) => current.map((item) => (item.key === key ? change(item) : item)));

  function add(files: File[]) {
    const fresh = files.map(newBulkItem);
    setItems((current) => [...current, ...fresh]);
    const target = backend ?? configuredUploadBackend();
    for (const item of fresh) {
      target
        .upload(item.file, 'audio', (percent) => update(item.key, (i) => ({ ...i, percent })))
        .then(
          (result) => update(item.key, (i) => withUpload(i, result)),
          (error: unknown) => update(item.key, (i) => ({ ...i, status: 'upload-failed', error: uploadFailureReason(error) })),
        );
    }
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    add([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files].filter((file) => file.type.startsWith('audio/') || /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)$/i.test(file.name)));
  };

  const ready = items.filter((item) => item.status === 'uploaded' || item.status === 'save-failed');
  const uploading = items.some((item) => item.status === 'uploading');
  const allSaved = items.length > 0 && items.every((item) => item.status === 'saved');

  const saveAll = useMutation({ mutationFn: saveReady }, queryClient);
  const saving = saveAll.isPending;

  /** Saves every uploaded song one by one; a refusal marks its row and the others go on. */
  async function saveReady(): Promise<void> {
    let saved = 0;
    for (const item of ready) {
      const missing = missingFields(item);
      if (missing) {
        update(item.key, (i) => ({ ...i, status: 'save-failed', error: missing }));
        continue;
      }
      update(item.key, (i) => ({ ...i, status: 'saving', error: undefined }));
      try {
        await createSong(songOf(item));
        saved += 1;
        update(item.key, (i) => ({ ...i, status: 'saved' }));
      } catch (err) {
        update(item.key, (i) => ({ ...i, status: 'save-failed', error: errorMessage(err, SAVE_FAILED) }));
      }
    }
    if (saved > 0) onSaved();
  }

  return (
    <div className="bulk">
      <div
        className={`bulk__drop${dragging ? ' bulk__drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>Drop audio files here, or</p>
        <label htmlFor={`${id}-files`} className="btn btn--ghost btn--small">
          Choose files
        </label>
        <input ref={input} id={`${id}-files`} className="visually-hidden" type="file" multiple accept={ACCEPT} onChange={choose} />
      </div>

      {items.length > 0 && (
        <ul className="bulk__items" aria-label="Files">
          {items.map((item) => (
            <li key={item.key} className={`bulk__item bulk__item--${item.status}`} data-testid="bulk-item">
              <div className="bulk__file">
                <span className="bulk__filename">{item.file.name}</span>
                <progress max={100} value={item.percent} aria-label={`Upload of ${item.file.name}`} />
                <span className="bulk__state" role="status">
                  {stateText(item)}
                </span>
              </div>
              {item.status !== 'uploading' && item.status !== 'upload-failed' && (
                <div className="bulk__fields">
                  <label className="field">
                    <span>Name</span>
                    <input
                      value={item.name}
                      disabled={item.status === 'saved' || item.status === 'saving'}
                      onChange={(e) => update(item.key, (i) => ({ ...i, name: e.target.value }))}
                    />
                  </label>
                  <label className="field">
                    <span>Artist</span>
                    <input
                      value={item.artist}
                      disabled={item.status === 'saved' || item.status === 'saving'}
                      onChange={(e) => update(item.key, (i) => ({ ...i, artist: e.target.value }))}
                    />
                  </label>
                  {item.result?.metadata?.album && <span className="bulk__album">Album: {item.result.metadata.album}</span>}
                </div>
              )}
              {item.error && (
                <p className="bulk__error" role="alert">
                  {item.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}

      <button type="button" className="btn" disabled={saving || uploading || ready.length === 0} onClick={() => saveAll.mutate()}>
        {saving ? 'Saving...' : allSaved ? 'All saved' : `Save all (${ready.length})`}
      </button>
    </div>
  );
}

function stateText(item: BulkItem): string {
  switch (item.status) {
    case 'uploading':
      return `${item.percent}%`;
    case 'uploaded':
      return 'Uploaded';
    case 'upload-failed':
      return 'Upload failed';
    case 'saving':
      return 'Saving...';
    case 'saved':
      return 'Saved';
    case 'save-failed':
      return 'Not saved';
  }
}
