import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { QUEUE_LABELS, savedAsPlaylist } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { playlistsChanged } from '../playlists';
import { saveQueueAsPlaylist } from './api';
import { queueForServer } from './queueSync';
import { usePlayerEngine, usePlayerState } from './usePlayer';

const SAVE_FAILED = 'Could not save the playlist.';

/** The name prompt of "Save as playlist": focused when it opens; Cancel gives focus back. */
function SavePlaylistForm({ onDone }: { onDone(): void }) {
  const engine = usePlayerEngine();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  useEffect(() => inputRef.current?.focus(), []);
  const save = useMutation(
    {
      mutationFn: () => saveQueueAsPlaylist(name.trim(), queueForServer(engine.getSnapshot().playback, 0)?.songs ?? []),
      onSuccess: (playlist) => {
        void playlistsChanged(playlist);
        engine.announce(savedAsPlaylist(playlist.name));
        onDone();
      },
    },
    queryClient,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate();
  };
  return (
    <form className="queue-save" onSubmit={submit}>
      <label htmlFor={inputId}>{QUEUE_LABELS.playlistName}</label>
      <input id={inputId} ref={inputRef} value={name} maxLength={50} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn btn--small" disabled={save.isPending || !name.trim()}>
        {QUEUE_LABELS.save}
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={onDone}>
        {QUEUE_LABELS.cancel}
      </button>
      {save.isError && (
        <p className="alert alert--error" role="alert">
          {errorMessage(save.error, SAVE_FAILED)}
        </p>
      )}
    </form>
  );
}

/** Clear queue and Save as playlist. */
export function QueueToolbar() {
  const engine = usePlayerEngine();
  const count = usePlayerState((s) => s.playback.tracks.length);
  const [saving, setSaving] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const closeForm = () => {
    setSaving(false);
    requestAnimationFrame(() => saveButton.current?.focus());
  };
  const clear = () => {
    engine.clearQueue();
    engine.announce(QUEUE_LABELS.queueCleared);
  };
  return (
    <div className="queue-toolbar">
      <button type="button" className="btn btn--ghost btn--small" onClick={clear} disabled={count <= 1}>
        {QUEUE_LABELS.clearQueue}
      </button>
      <button
        type="button"
        ref={saveButton}
        className="btn btn--ghost btn--small"
        aria-expanded={saving}
        onClick={() => setSaving((open) => !open)}
        disabled={count === 0}
      >
        {QUEUE_LABELS.saveAsPlaylist}
      </button>
      {saving && <SavePlaylistForm onDone={closeForm} />}
    </div>
  );
}
