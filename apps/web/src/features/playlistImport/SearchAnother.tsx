import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IMPORT_LABELS, MESSAGES } from '@samaa/shared';
import { searchCatalogue } from '../catalogue';
import { queryClient } from '../../api/queryClient';

/** "Search for another": the catalogue search, each hit with a Pick button. */
export function SearchAnother({ initial, onPick, disabled }: { initial: string; onPick(songId: string): void; disabled: boolean }) {
  const [text, setText] = useState(initial);
  const [query, setQuery] = useState('');
  const found = useQuery(
    { queryKey: ['playlist-import', 'search', query], queryFn: () => searchCatalogue(query), enabled: query.length > 0 },
    queryClient,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  return (
    <div className="import-search">
      <form onSubmit={submit} className="import-search__form">
        <input
          className="input import-search__input"
          type="search"
          value={text}
          maxLength={100}
          aria-label={IMPORT_LABELS.searchAnother}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn--ghost">
          {IMPORT_LABELS.search}
        </button>
      </form>
      {found.isError && <p className="alert alert--error">{MESSAGES.searchFailed}</p>}
      {found.data && found.data.songs.length === 0 && <p>{MESSAGES.noResults}</p>}
      {found.data && found.data.songs.length > 0 && (
        <ul className="import-candidates">
          {found.data.songs.slice(0, 5).map((song) => (
            <li key={song._id}>
              <span>
                {song.name} — {song.artist}
              </span>
              <button type="button" className="btn btn--small" disabled={disabled} onClick={() => onPick(song._id)}>
                {IMPORT_LABELS.pick}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
