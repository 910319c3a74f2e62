import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { IMPORT_LABELS, IMPORT_LIMITS, IMPORT_MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { useImportFile } from './importQueries';
import { SaavnOptIn } from './SaavnOptIn';
import './playlistImport.css';

export const reviewPath = (playlistId: string) => `/library/import/${playlistId}`;

/** The Library's "Import playlist" form: one file, checked here for size, parsed by the server. */
export function ImportPlaylistPanel() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [lookOnSaavn, setLookOnSaavn] = useState(false);
  const upload = useImportFile();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setProblem(IMPORT_MESSAGES.noFile);
    if (file.size > IMPORT_LIMITS.maxFileBytes) return setProblem(IMPORT_MESSAGES.tooLarge);
    setProblem('');
    upload.mutate({ file, saavn: lookOnSaavn }, {
      onSuccess: (answer) => navigate(reviewPath(answer.playlist._id)),
      onError: (error) => setProblem(errorMessage(error, IMPORT_MESSAGES.unknownFormat)),
    });
  }

  return (
    <form className="import-panel card" onSubmit={submit} aria-label={IMPORT_LABELS.importPlaylist}>
      <h2>{IMPORT_LABELS.importPlaylist}</h2>
      <p className="import-panel__hint">{IMPORT_LABELS.importHint}</p>
      <label className="import-panel__file">
        {IMPORT_LABELS.chooseFile}
        <input
          type="file"
          name="file"
          accept=".csv,.json,.m3u,.m3u8,.xspf,text/csv,application/json,audio/x-mpegurl,application/xspf+xml"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem('');
          }}
        />
      </label>
      <SaavnOptIn checked={lookOnSaavn} onChange={setLookOnSaavn} />
      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn" disabled={upload.isPending}>
        {upload.isPending ? IMPORT_LABELS.importing : IMPORT_LABELS.startImport}
      </button>
    </form>
  );
}
