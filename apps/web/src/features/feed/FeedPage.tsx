import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LABELS, MESSAGES, categoryError, categoryFailed, type SaavnPlaylist } from '@samaa/shared';
import {
  FEED_DEFAULT_QUERY,
  saavnFailureDetail,
  saavnPlaylistCard,
  searchSaavnPlaylists,
} from '../../api/saavn';
import { Loading } from '../../components/Loading';
import { PlaylistCard } from '../../components/PlaylistCard';
import { DECADES, GENRES, type FeedCategory } from './categories';
import './FeedPage.css';

type Results =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; playlists: SaavnPlaylist[] };

const initial = GENRES.find((g) => g.query === FEED_DEFAULT_QUERY) ?? {
  label: FEED_DEFAULT_QUERY,
  query: FEED_DEFAULT_QUERY,
};

/** SPEC §2 "/feed": genre and decade tiles over Saavn playlist search; Pop on open. */
export default function FeedPage() {
  const navigate = useNavigate();
  const [category, setCategory] = useState<FeedCategory>(initial);
  const [results, setResults] = useState<Results>({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(async (next: FeedCategory) => {
    const request = ++latest.current;
    setCategory(next);
    setResults({ status: 'loading' });
    try {
      const playlists = await searchSaavnPlaylists(next.query);
      if (request === latest.current) setResults({ status: 'ready', playlists });
    } catch (error) {
      console.error(categoryFailed(next.query), error);
      const detail = saavnFailureDetail(error);
      if (request === latest.current) {
        setResults({
          status: 'error',
          message: detail ? categoryError(next.query, detail) : categoryFailed(next.query),
        });
      }
    }
  }, []);

  useEffect(() => {
    void load(initial);
  }, [load]);

  const tile = (item: FeedCategory) => (
    <li key={item.query}>
      <button
        type="button"
        className="feed__tile"
        aria-pressed={item.query === category.query}
        onClick={() => void load(item)}
      >
        {item.label}
      </button>
    </li>
  );

  return (
    <div className="feed">
      <h1>Feed</h1>
      <nav className="feed__tiles" aria-label="Categories">
        <ul className="feed__row" aria-label="Genres">
          {GENRES.map(tile)}
        </ul>
        <h2 className="feed__old">{LABELS.oldIsGold}</h2>
        <ul className="feed__row feed__row--decades" aria-label={LABELS.oldIsGold}>
          {DECADES.map(tile)}
        </ul>
      </nav>

      <section aria-labelledby="feed-results-title" aria-busy={results.status === 'loading'}>
        <h2 id="feed-results-title">{category.label}</h2>
        {results.status === 'loading' && <Loading />}
        {results.status === 'error' && (
          <p className="alert alert--error" role="alert">
            {results.message}
          </p>
        )}
        {results.status === 'ready' && results.playlists.length === 0 && (
          <p className="empty-state">{MESSAGES.noPlaylists}</p>
        )}
        {results.status === 'ready' && results.playlists.length > 0 && (
          <div className="grid">
            {results.playlists.map((playlist) => (
              <PlaylistCard
                key={playlist.id}
                card={saavnPlaylistCard(playlist)}
                listenNow
                onPlay={() => navigate('/player', { state: { source: 'saavn', id: playlist.id } })}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
