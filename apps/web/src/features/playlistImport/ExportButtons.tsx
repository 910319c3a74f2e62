import { useState } from 'react';
import { IMPORT_LABELS, MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { downloadExport, type ExportFormat } from './api';

/** "Export M3U8" and "Export CSV" for an own playlist. */
export function ExportButtons({ playlistId, name }: { playlistId: string; name: string }) {
  const [problem, setProblem] = useState('');
  const run = (format: ExportFormat) => {
    setProblem('');
    downloadExport(playlistId, format, name).catch((error: unknown) => setProblem(errorMessage(error, MESSAGES.formFailed)));
  };
  return (
    <div className="import-export" role="group" aria-label="Export">
      <button type="button" className="btn btn--ghost" onClick={() => run('m3u8')}>
        {IMPORT_LABELS.exportM3u8}
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => run('csv')}>
        {IMPORT_LABELS.exportCsv}
      </button>
      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
