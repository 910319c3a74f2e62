import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LABELS, MESSAGES } from '@samaa/shared';
import { createPlaylist, hasUserToken, updatePlaylist } from '../../api/catalogue';
import { usePlaylist } from './playlistQueries';
import { mediaUrl } from '../../api/client';
import { getStoredUser } from '../../session/session';
import { FileUpload } from '../upload';
import { Loading } from '../../components/Loading';
import { coverPlaceholder } from '../../components/coverPlaceholder';
import './PlaylistForm.css';

/** SPEC §9: the form closes this long after its result message, in every case. */
export const FORM_CLOSE_DELAY_MS = 1000;

export type PlaylistFormMode = { kind: 'create' } | { kind: 'edit'; id: string };

type Result = { ok: boolean; text: string } | null;

/** SPEC §2/§4: the create and edit forms of an own playlist (name, desc, image upload). */
export function PlaylistForm({ mode, onClose }: { mode: PlaylistFormMode; onClose(): void }) {
  const editing = mode.kind === 'edit';
  const editId = mode.kind === 'edit' ? mode.id : null;
  const [name, setName] = useState('');
  const [desc, setDesc] = useState('');
  const [img, setImg] = useState('');
  const [prefilling, setPrefilling] = useState(editing);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const ids = useId();

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || result) return;
    setSubmitting(true);
    let outcome: Result;
    try {
      if (!hasUserToken()) throw new Error(MESSAGES.userNotAuthenticated);
      if (editId) {
        await updatePlaylist(editId, { name, desc, img });
        outcome = { ok: true, text: MESSAGES.playlistUpdated };
      } else {
        await createPlaylist({ name, desc, img, user: getStoredUser()?._id ?? '' });
        outcome = { ok: true, text: MESSAGES.formSubmitted };
      }
    } catch (error) {
      console.error('Playlist form failed', error);
      outcome = { ok: false, text: MESSAGES.formFailed };
    }
    setSubmitting(false);
    setResult(outcome);
    closeTimer.current = window.setTimeout(onClose, FORM_CLOSE_DELAY_MS);
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
