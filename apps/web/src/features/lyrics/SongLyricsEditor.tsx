import { useId, useRef, useState } from 'react';
import { LYRICS_MAX_BYTES, LYRICS_MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { useRemoveLyrics, useSongLyrics, useUploadLyrics } from './lyricsQueries';

type Result = { kind: 'success' | 'error'; text: string } | null;

/**
 * The song form's lyrics: what the song has now (and where from), an .lrc or .txt upload that
 * adds or replaces them, and removal. Saved at once, apart from the form's own Save.
 */
export function SongLyricsEditor({ songId }: { songId: string }) {
  const id = useId();
  const current = useSongLyrics(songId);
  const upload = useUploadLyrics(songId);
  const remove = useRemoveLyrics(songId);
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<Result>(null);
  const lyrics = current.data ?? null;
  const busy = upload.isPending || remove.isPending;

  function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > LYRICS_MAX_BYTES) {
      setResult({ kind: 'error', text: LYRICS_MESSAGES.tooLarge });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => setResult({ kind: 'success', text: LYRICS_MESSAGES.saved }),
      onError: (err) => setResult({ kind: 'error', text: errorMessage(err, LYRICS_MESSAGES.notLyrics) }),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  }

  return (
    <fieldset className="field song-lyrics" data-testid="song-lyrics">
      <legend>{LYRICS_MESSAGES.panelTitle}</legend>
      <p className="song-form__current" data-testid="song-lyrics-current">
        {current.isLoading
          ? '…'
          : lyrics
            ? `${LYRICS_MESSAGES.current}: ${lyrics.synced ? 'synced' : 'plain'}, ${lyrics.lines.length} lines (${lyrics.source})`
            : LYRICS_MESSAGES.none}
      </p>
      <label htmlFor={`${id}-file`}>{lyrics ? LYRICS_MESSAGES.replace : LYRICS_MESSAGES.upload}</label>
      <input
        id={`${id}-file`}
        ref={input}
        type="file"
        accept=".lrc,.txt,text/plain"
        disabled={busy}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      {lyrics && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={busy}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => setResult({ kind: 'success', text: LYRICS_MESSAGES.removed }),
              onError: (err) => setResult({ kind: 'error', text: errorMessage(err, LYRICS_MESSAGES.loadFailed) }),
            })
          }
        >
          {LYRICS_MESSAGES.remove}
        </button>
      )}
      {result && (
        <p role={result.kind === 'error' ? 'alert' : 'status'} className={`alert alert--${result.kind}`}>
          {result.text}
        </p>
      )}
    </fieldset>
  );
}
