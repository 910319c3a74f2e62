import { useState, type FormEvent } from 'react';
import { LABELS, MESSAGES, type Playlist, type Song } from '@samaa/shared';
import { hasUserToken } from '../session/session';
import { searchCatalogue } from '../features/catalogue';
import { errorMessage } from '../api/client';
import { SongRow } from './SongRow';
import { songCountLabel } from '../features/playlists';
import { rememberSongs, SEARCH_RESULTS_KEY } from '../features/catalogue';
import { PlayIcon } from './icons';
import './SearchPanel.css';

export interface SearchPanelProps {
  onPlaySong(song: Song): void;
  onPlayPlaylist(playlist: Playlist): void;
  playlists: Playlist[] | undefined;
}

/**
 * SPEC §4 "Search": the button is disabled while the query is empty or a search runs (then it
 * reads Searching...); "No results found." shows once a search returned nothing.
 */
export function SearchPanel({
  onPlaySong,
  onPlayPlaylist,
  playlists,
}: SearchPanelProps) {
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<{ songs: Song[]; playlists: Playlist[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    if (!q || searching || !hasUserToken()) return;
    setSearching(true);
    setError(null);
    try {
      const found = await searchCatalogue(q);
      rememberSongs(SEARCH_RESULTS_KEY, found.songs);
      setResults(found);
    } catch (err) {
      setResults(null);
      setError(errorMessage(err, MESSAGES.searchFailed));
    } finally {
      setSearching(false);
    }
  }

  const empty = results !== null && results.songs.length === 0 && results.playlists.length === 0;

  return (
    <aside className="search-panel" aria-label="Search">
      <form className="search-panel__form" role="search" onSubmit={search}>
        <input
          className="input"
          type="search"
          placeholder="Songs, artists, playlists"
          aria-label="Search songs"
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="btn" disabled={!query.trim() || searching}>
          {searching ? LABELS.searching : 'Search'}
        </button>
      </form>

      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {empty && !searching && <p className="empty-state">{MESSAGES.noResults}</p>}

      {results && results.playlists.length > 0 && (
        <section aria-label="Matching playlists">
          <h3 className="search-panel__heading">Your playlists</h3>
          <ul className="search-panel__playlists">
            {results.playlists.map((playlist) => (
              <li key={playlist._id}>
                <button
                  type="button"
                  className="search-panel__playlist"
                  aria-label={`Play playlist ${playlist.name}`}
                  onClick={() => onPlayPlaylist(playlist)}
                >
                  <PlayIcon />
                  <span className="search-panel__playlist-name">{playlist.name}</span>
                  <span className="search-panel__count">
                    {songCountLabel(playlist.songs?.length ?? 0)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {results && results.songs.length > 0 && (
        <section aria-label="Matching songs">
          <h3 className="search-panel__heading">Songs</h3>
          <ul className="search-panel__songs">
            {results.songs.map((song) => (
              <li key={song._id}>
                <SongRow
                  compact
                  song={song}
                  onPlay={onPlaySong}
                  playlists={playlists}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
