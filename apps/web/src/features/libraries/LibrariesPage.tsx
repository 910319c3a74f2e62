import { useCallback, useEffect, useState } from 'react';
import { LIBRARY_MESSAGES, type LibraryView } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { Loading } from '../../components/Loading';
import { fetchLibraries, startScan } from './librariesApi';
import { LibraryCard } from './LibraryCard';
import './libraries.css';

const LOAD_FAILED = 'The libraries could not be loaded. Please try again.';
/** How often a running scan's progress is fetched. */
export const PROGRESS_POLL_MS = 700;

/** `/libraries`: the music folders (MUSIC_DIRS), their last scan and errors, and "Scan now" with live progress. */
export default function LibrariesPage() {
  const [libraries, setLibraries] = useState<LibraryView[] | null>(null);
  const [problem, setProblem] = useState('');
  const [starting, setStarting] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetchLibraries(controller.signal).then(
      (data) => {
        setLibraries(data);
        setProblem('');
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setProblem(errorMessage(err, LOAD_FAILED));
      },
    );
    return () => controller.abort();
  }, [version]);

  const scanning = libraries?.some((library) => library.scanning) ?? false;
  useEffect(() => {
    if (!scanning) return;
    const timer = setTimeout(refresh, PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [scanning, libraries, refresh]);

  async function scan(id: string) {
    setStarting(id);
    try {
      await startScan(id);
      refresh();
    } catch (err) {
      setProblem(errorMessage(err, 'The scan could not be started.'));
    } finally {
      setStarting(null);
    }
  }

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
        <LibraryCard key={library.id} library={library} starting={starting === library.id} onScan={() => scan(library.id)} />
      ))}
    </section>
  );
}
