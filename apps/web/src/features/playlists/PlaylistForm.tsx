import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LABELS, MESSAGES } from '@samaa/shared';
import { hasUserToken } from '../../session/session';
import { createPlaylist, updatePlaylist } from './api';
import { usePlaylist } from './playlistQueries';
import { mediaUrl } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { getStoredUser } from '../../session/session';
import { FileUpload } from '../upload';
import { Loading } from '../../components/Loading';
import { coverPlaceholder } from '../../components/coverPlaceholder';
import './PlaylistForm.css';

/** The form closes this long after its result message, in every case. */
export const FORM_CLOSE_DELAY_MS = 1000;

export type PlaylistFormMode = { kind: 'create' } | { kind: 'edit'; id: string };

type Result = { ok: boolean; text: string } | null;

/** The create and edit forms of an own playlist (name, desc, image upload). */
export function PlaylistForm({ mode, onClose }: { mode: PlaylistFormMode; onClose(): void }) {
  const editing = mode.kind === 'edit';
  const editId = mode.kind === 'edit' ? mode.id : null;
  const [name, setName] = useState('');
  const [desc, setDesc] = useState('');
  const [img, setImg] = useState('');
  const [prefilling, setPrefilling] = useState(editing);
  const [result, setResult] = useState<Result>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const ids = useId();
  const save = useMutation(
    {
      mutationFn: async (fields: { name: string; desc: string; img: string }): Promise<string> => {
        if (!hasUserToken()) throw new Error(MESSAGES.userNotAuthenticated);
        if (editId) {
          await updatePlaylist(editId, fields);
          return MESSAGES.playlistUpdated;
        }
        await createPlaylist({ ...fields, user: getStoredUser()?._id ?? '' });
        return MESSAGES.formSubmitted;
      },
      onSuccess: (text) => finish({ ok: true, text }),
      onError: (error) => {
        console.error('Playlist form failed', error);
        finish({ ok: false, text: MESSAGES.formFailed });
      },
    },
    queryClient,
  );
  const submitting = save.isPending;

  function finish(outcome: Result) {
    setResult(outcome);
    closeTimer.current = window.setTimeout(onClose, FORM_CLOSE_DELAY_MS);
  }

  const editedPlaylist = usePlaylist(editId);
  useEffect(() => {
    if (editId && !hasUserToken()) setPrefilling(false);
  }, [editId]);
  useEffect(() => {
    const playlist = editedPlaylist.data;
    if (playlist) {
      setName(playlist.name ?? '');
      setDesc(playlist.desc ?? '');
      setImg(playlist.img ?? '');
    }
    if (editedPlaylist.error) console.error('Could not load the playlist to edit', editedPlaylist.error);
    if (playlist || editedPlaylist.error) setPrefilling(false);
  }, [editedPlaylist.data, editedPlaylist.error]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || result) return;
    save.mutate({ name, desc, img });
  }

  const title = editing ? LABELS.updatePlaylist : LABELS.createPlaylist;

  return (
    <section className="playlist-form card" aria-label={title}>
      <h2>{title}</h2>
      {prefilling ? (
        <Loading />
      ) : (
        <form className="form" onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${ids}-name`}>Name</label>
            <input
              id={`${ids}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-desc`}>Description</label>
            <textarea
              id={`${ids}-desc`}
              rows={3}
              value={desc}
              onChange={(e) => setDesc(e.target.value)}
            />
          </div>
          <div className="playlist-form__image">
            <img
              src={mediaUrl(img) || coverPlaceholder(name)}
              alt=""
              className="playlist-form__preview"
            />
            <FileUpload kind="image" label="Image" onUploaded={(file) => setImg(file.url)} />
          </div>
          {result && (
            <p className={result.ok ? 'alert alert--success' : 'alert alert--error'} role="status">
              {result.text}
            </p>
          )}
          <div className="playlist-form__actions">
            <button type="submit" className="btn" disabled={submitting || result !== null}>
              {editing ? 'Update' : 'Create'}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={onClose}
              disabled={submitting}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
