import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatTime, MESSAGES, type Song } from '@samaa/shared';
import { createSong, updateSong, type SongInputBody } from '../../api/catalogue';
import { mediaUrl } from '../../api/client';
import { FileUpload, type UploadedFile } from '../upload/FileUpload';

/** SPEC §4, §9: the form closes this long after its result shows, in every case. */
export const FORM_CLOSE_DELAY_MS = 1000;

type Result = { kind: 'success' | 'error'; text: string } | null;

function initialValues(song?: Song): SongInputBody {
  return {
    name: song?.name ?? '',
    artist: song?.artist ?? '',
    img: song?.img ?? '',
    song: song?.song ?? '',
    ...(song?.duration !== undefined ? { duration: song.duration } : {}),
  };
}

const fileName = (url: string) => decodeURIComponent(url.split('?')[0]?.split('/').pop() ?? url);

/**
 * Create (no `song`) or edit a catalogue song. `onSaved` runs as soon as the save succeeds (the
 * list reloads behind the panel); `onDone` runs 1000 ms after the result shows, whatever it was.
 */
export function SongForm({
  song,
  onSaved,
  onDone,
}: {
  song?: Song;
  onSaved(): void;
  onDone(): void;
}) {
  const id = useId();
  const [values, setValues] = useState<SongInputBody>(() => initialValues(song));
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const set = (field: 'name' | 'artist') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  function onAudio({ url, metadata }: UploadedFile) {
    setValues((v) => ({
      ...v,
      song: url,
      name: v.name.trim() ? v.name : (metadata?.title ?? v.name),
      artist: v.artist.trim() ? v.artist : (metadata?.artist ?? v.artist),
      img: v.img || metadata?.coverUrl || v.img,
      ...(metadata?.duration !== undefined ? { duration: metadata.duration } : {}),
    }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || result) return;
    setSubmitting(true);
    const body = { ...values, name: values.name.trim(), artist: values.artist.trim() };
    try {
      if (song) await updateSong(song._id, body);
      else await createSong(body);
      setResult({ kind: 'success', text: song ? MESSAGES.songUpdated : MESSAGES.formSubmitted });
      onSaved();
    } catch {
      setResult({ kind: 'error', text: MESSAGES.formFailed });
    } finally {
      setSubmitting(false);
    }
    closeTimer.current = setTimeout(onDone, FORM_CLOSE_DELAY_MS);
  }

  return (
    <form className="form song-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={values.name} onChange={set('name')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-artist`}>Artist</label>
        <input id={`${id}-artist`} value={values.artist} onChange={set('artist')} />
      </div>

      <FileUpload kind="audio" label="Song (audio file)" onUploaded={onAudio} />
      {values.song && (
        <p className="song-form__current">
          Audio: <span>{fileName(values.song)}</span>
          {values.duration !== undefined && <> · {formatTime(values.duration)}</>}
        </p>
      )}

      <FileUpload
        kind="image"
        label="Image"
        onUploaded={({ url }) => setValues((v) => ({ ...v, img: url }))}
      />
      {values.img && (
        <img
          className="song-form__preview"
          src={mediaUrl(values.img)}
          alt={`Cover of ${values.name || 'the song'}`}
        />
      )}

      {result && (
        <p
          className={`alert alert--${result.kind}`}
          role={result.kind === 'error' ? 'alert' : 'status'}
        >
          {result.text}
        </p>
      )}
      <button type="submit" className="btn" disabled={submitting || result !== null}>
        {submitting ? 'Saving...' : song ? 'Update Song' : 'Add Song'}
      </button>
    </form>
  );
}
