import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LIBRARY_MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { Loading } from '../../components/Loading';
import { librariesChanged, startScan, useLibraries } from './api';
import { LibraryCard } from './LibraryCard';
import './libraries.css';

const LOAD_FAILED = 'The libraries could not be loaded. Please try again.';
/** How often a running scan's progress is fetched. */
export const PROGRESS_POLL_MS = 700;

/** `/libraries`: the music folders (MUSIC_DIRS), their last scan and errors, and "Scan now" or "Full rescan" with live progress. */
export default function LibrariesPage() {
  const query = useLibraries(PROGRESS_POLL_MS);
  const libraries = query.data ?? null;
  const [scanProblem, setScanProblem] = useState('');
  const scan = useMutation(
    {
      // The list shows the scan running once it is read again after the start.
      mutationFn: async ({ id, full }: { id: string; full: boolean }) => {
        await startScan(id, full);
        await librariesChanged();
      },
      onMutate: () => setScanProblem(''),
      onError: (err) => setScanProblem(errorMessage(err, 'The scan could not be started.')),
    },
    queryClient,
  );
  const starting = scan.isPending ? scan.variables.id : null;
  const problem = scanProblem || (query.error ? errorMessage(query.error, LOAD_FAILED) : '');

  return (
    <section className="admin-page libraries" aria-labelledby="libraries-title">
      <header className="admin-page__header">
        <h1 id="libraries-title">Libraries</h1>
      </header>
      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}
      {libraries === null && !problem && <Loading />}
      {libraries?.length === 0 && <p className="empty-state">{LIBRARY_MESSAGES.noLibraries}</p>}
      {libraries?.map((library) => (
        <LibraryCard
          key={library.id}
          library={library}
          starting={starting === library.id}
          onScan={(full) => scan.mutate({ id: library.id, full })}
        />
      ))}
    </section>
  );
}
