import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LABELS, MESSAGES, type Playlist, type Song } from '@samaa/shared';
import { hasUserToken } from '../../session/session';
import { searchAlbumsAndArtists, searchCatalogue } from '../catalogue';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { SongRow } from '../../components/SongRow';
import { songCountLabel } from '../playlists';
import { PlayIcon } from '../../components/icons';
import { SongActions } from '../songActions';
import { useDebounced } from '../../components/useDebounced';
import { AlbumHits, ArtistHits } from './SearchHits';
import { songLinks } from '../browse';
import './SearchPanel.css';

export interface SearchPanelProps {
  /** Plays the results from the one picked. */
  onPlaySong(songs: Song[], index: number): void;
  onPlayPlaylist(playlist: Playlist): void;
  playlists: Playlist[] | undefined;
}

/** How long typing pauses before the results follow it. */
export const TYPING_PAUSE_MS = 250;

/**
 * The search panel: results follow what the listener types (once typing pauses), grouped into
 * songs, albums, artists and their own playlists; Enter or the button searches at once. The
 * button is disabled while the query is empty or a search runs (then it reads Searching...);
 * "No results found." shows once a search returned nothing. Each search is a query of its own
 * key, so an answer to words no longer in the box is never shown, and its request is aborted.
 */
export function SearchPanel({
  onPlaySong,
  onPlayPlaylist,
  playlists,
}: SearchPanelProps) {
  const [query, setQuery] = useState('');
  // Each submit is its own search (`n`), so searching the same words again asks the server again.
  const [submitted, setSubmitted] = useState<{ q: string; n: number } | null>(null);
  const typed = useDebounced(query.trim(), TYPING_PAUSE_MS);
  useEffect(() => {
    if (!typed) return setSubmitted(null);
    if (!hasUserToken()) return;
    // Words just submitted with Enter are not searched again when the pause catches up.
    setSubmitted((last) => (last?.q === typed ? last : { q: typed, n: last?.n ?? 0 }));
  }, [typed]);
  const found = useQuery(
    {
      queryKey: ['search', submitted?.q, submitted?.n],
      queryFn: ({ signal }) => searchCatalogue(submitted!.q, signal),
      enabled: submitted !== null,
      // The last results stay in view while the next search runs; a failure clears them.
      placeholderData: keepPreviousData,
      staleTime: Infinity,
      gcTime: 0,
    },
    queryClient,
  );
  const hits = useQuery(
    {
      queryKey: ['search', 'albums and artists', submitted?.q, submitted?.n],
      queryFn: ({ signal }) => searchAlbumsAndArtists(submitted!.q, signal),
      enabled: submitted !== null,
      placeholderData: keepPreviousData,
      staleTime: Infinity,
      gcTime: 0,
    },
    queryClient,
  );
  const searching = found.isFetching || hits.isFetching;
  const shown = submitted !== null && query.trim() !== '';
  const results = found.isError || !shown ? null : (found.data ?? null);
  // Albums and artists are extras: if they fail, the songs and playlists still show.
  const { albums, artists } = (shown && !hits.isError && hits.data) || { albums: [], artists: [] };
  const error = found.isError ? errorMessage(found.error, MESSAGES.searchFailed) : null;

  function search(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    if (!q || searching || !hasUserToken()) return;
    setSubmitted((last) => ({ q, n: (last?.n ?? 0) + 1 }));
  }

  const empty =
    results !== null && results.songs.length === 0 && results.playlists.length === 0 && albums.length === 0 && artists.length === 0;

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

      {results && results.songs.length > 0 && (
        <section aria-label="Matching songs">
          <h3 className="search-panel__heading">Songs</h3>
          <ul className="search-panel__songs">
            {results.songs.map((song, index) => (
              <li key={song._id}>
                <SongRow
                  compact
                  song={song}
                  onPlay={() => onPlaySong(results.songs, index)}
                  links={songLinks(song)}
                  actions={<SongActions song={song} playlists={playlists} />}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      {albums.length > 0 && <AlbumHits albums={albums} />}
      {artists.length > 0 && <ArtistHits artists={artists} />}
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
    </aside>
  );
}
