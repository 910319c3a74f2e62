import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { formatTime, MESSAGES, SONG_OPTIONAL_FIELDS, type AudioTags, type Song, type SongInput } from '@samaa/shared';
import { createSong, updateSong } from './api';
import { mediaUrl } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { FileUpload, type UploadedFile } from '../upload';
import { SongLyricsEditor } from '../lyrics';

/** The form closes this long after its result shows, in every case. */
export const FORM_CLOSE_DELAY_MS = 1000;

type Result = { kind: 'success' | 'error'; text: string } | null;

function initialValues(song?: Song): SongInput {
  const values: SongInput = { name: song?.name ?? '', artist: song?.artist ?? '', img: song?.img ?? '', song: song?.song ?? '' };
  for (const field of SONG_OPTIONAL_FIELDS) {
    if (song?.[field] !== undefined) Object.assign(values, { [field]: song[field] });
  }
  return values;
}

/** Fields that describe the audio file itself: a new file brings its own values (or none). */
const FILE_FIELDS = ['duration', 'sampleRate', 'encoderDelay', 'encoderPadding', 'replayGainTrackGain', 'replayGainTrackPeak'] as const;
/** Fields the admin may have typed: the tags only fill them when empty. */
const TAG_FIELDS = ['album', 'albumArtist', 'trackNumber', 'discNumber', 'year', 'genre', 'isrc'] as const;

function withTags(values: SongInput, tags: AudioTags | undefined): SongInput {
  const next: SongInput = { ...values };
  for (const field of FILE_FIELDS) {
    if (tags?.[field] !== undefined) Object.assign(next, { [field]: tags[field] });
    else delete next[field];
  }
  for (const field of TAG_FIELDS) {
    if ((next[field] === undefined || next[field] === '') && tags?.[field] !== undefined) Object.assign(next, { [field]: tags[field] });
  }
  return next;
}

/** A whole number typed in a field, or undefined when it is empty or not one. */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

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
  const [values, setValues] = useState<SongInput>(() => initialValues(song));
  /** Where the cover shown comes from, so its preview says so (not next to "No file chosen"). */
  const [coverFrom, setCoverFrom] = useState<'saved' | 'tags' | 'upload'>('saved');
  const [result, setResult] = useState<Result>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const save = useMutation(
    {
      mutationFn: (body: SongInput) => (song ? updateSong(song._id, body) : createSong(body)),
      onSuccess: () => {
        setResult({ kind: 'success', text: song ? MESSAGES.songUpdated : MESSAGES.formSubmitted });
        onSaved();
      },
      onError: () => setResult({ kind: 'error', text: MESSAGES.formFailed }),
      // The panel closes a moment after the result shows, whatever it was.
      onSettled: () => {
        closeTimer.current = setTimeout(onDone, FORM_CLOSE_DELAY_MS);
      },
    },
    queryClient,
  );
  const submitting = save.isPending;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const set = (field: 'name' | 'artist' | 'album' | 'isrc') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const setNumber = (field: 'trackNumber' | 'year') => (e: { target: { value: string } }) =>
    setValues((v) => {
      const next = { ...v };
      const value = wholeNumber(e.target.value);
      if (value === undefined) delete next[field];
      else next[field] = value;
      return next;
    });

  function onAudio({ url, metadata }: UploadedFile) {
    if (!values.img && metadata?.coverUrl) setCoverFrom('tags');
    setValues((v) => ({
      ...withTags(v, metadata),
      song: url,
      name: v.name.trim() ? v.name : (metadata?.title ?? v.name),
      artist: v.artist.trim() ? v.artist : (metadata?.artist ?? v.artist),
      img: v.img || metadata?.coverUrl || v.img,
    }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || result) return;
    const album = values.album?.trim();
    const body: SongInput = { ...values, name: values.name.trim(), artist: values.artist.trim() };
    if (album) body.album = album;
    else delete body.album;
    save.mutate(body);
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
      <div className="field">
        <label htmlFor={`${id}-album`}>Album</label>
        <input id={`${id}-album`} value={values.album ?? ''} onChange={set('album')} placeholder="Singles" />
      </div>
      <div className="song-form__row">
        <div className="field">
          <label htmlFor={`${id}-track`}>Track</label>
          <input id={`${id}-track`} inputMode="numeric" value={values.trackNumber ?? ''} onChange={setNumber('trackNumber')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-year`}>Year</label>
          <input id={`${id}-year`} inputMode="numeric" value={values.year ?? ''} onChange={setNumber('year')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-isrc`}>ISRC</label>
        <input id={`${id}-isrc`} value={values.isrc ?? ''} onChange={set('isrc')} placeholder="USRC17607839" maxLength={15} />
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
        onUploaded={({ url }) => {
          setCoverFrom('upload');
          setValues((v) => ({ ...v, img: url }));
        }}
      />
      {values.img && (
        <figure className="song-form__cover">
          <img className="song-form__preview" src={mediaUrl(values.img)} alt={`Cover of ${values.name || 'the song'}`} />
          <figcaption>
            {coverFrom === 'tags' ? "Cover from the audio file's tags" : coverFrom === 'upload' ? 'Uploaded image' : 'Current image'}
          </figcaption>
        </figure>
      )}

      {song && <SongLyricsEditor songId={song._id} />}

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
