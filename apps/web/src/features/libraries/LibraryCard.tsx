import { useId } from 'react';
import { LIBRARY_MESSAGES, type LibraryView } from '@samaa/shared';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function LibraryCard({ library, onScan, starting }: { library: LibraryView; onScan(full: boolean): void; starting: boolean }) {
  const id = useId();
  const progress = library.progress;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <article className="card library" aria-labelledby={`${id}-name`}>
      <header className="library__header">
        <div>
          <h2 id={`${id}-name`}>{library.name}</h2>
          <p className="library__path">{library.path}</p>
        </div>
        <div className="library__actions">
          <button type="button" className="btn" onClick={() => onScan(false)} disabled={library.scanning || starting}>
            {library.scanning ? 'Scanning...' : 'Scan now'}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => onScan(true)}
            disabled={library.scanning || starting}
            aria-describedby={`${id}-full`}
          >
            Full rescan
          </button>
        </div>
      </header>
      <p id={`${id}-full`} className="library__hint">
        {LIBRARY_MESSAGES.fullScanHint}
      </p>
      {library.problem && (
        <p className="alert alert--error" role="alert">
          {library.problem}
        </p>
      )}
      {library.scanning && (
        <div className="library__progress">
          <progress
            max={progress?.total || 1}
            value={progress?.done ?? 0}
            aria-label={`Scanning ${library.name}`}
            aria-valuetext={progress ? `${progress.done} of ${progress.total} files` : 'Looking for files'}
          />
          <span aria-live="polite">{progress ? `${progress.done} of ${progress.total} files (${percent}%)` : 'Looking for files...'}</span>
        </div>
      )}
      <dl className="library__facts">
        <div>
          <dt>Songs</dt>
          <dd>{library.songs.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Audio files</dt>
          <dd>{library.files.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Last scan</dt>
          <dd>{library.lastScanAt ? dateTime.format(new Date(library.lastScanAt)) : 'Never'}</dd>
        </div>
        <div>
          <dt>Took</dt>
          <dd>{library.durationMs !== undefined ? seconds(library.durationMs) : '—'}</dd>
        </div>
      </dl>
      {library.errorCount > 0 && (
        <section aria-labelledby={`${id}-errors`}>
          <h3 id={`${id}-errors`}>
            {library.errorCount} {library.errorCount === 1 ? 'file' : 'files'} could not be read
          </h3>
          <table className="library__errors">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {library.errors.map((error) => (
                <tr key={error.path}>
                  <td>{error.path}</td>
                  <td>{error.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </article>
  );
}
