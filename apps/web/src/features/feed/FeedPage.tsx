import { useCallback, useEffect, useRef, useState } from 'react';
import { LABELS, MESSAGES, categoryError, categoryFailed, type SaavnPlaylist } from '@samaa/shared';
import { FEED_DEFAULT_QUERY, saavnFailureDetail, searchSaavnPlaylists } from '../../api/saavn';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { SaavnPlaylistGrid } from '../../components/SaavnPlaylistGrid';
import { DECADES, GENRES, type FeedCategory } from './categories';
import './FeedPage.css';

const initial = GENRES.find((g) => g.query === FEED_DEFAULT_QUERY) ?? {
  label: FEED_DEFAULT_QUERY,
  query: FEED_DEFAULT_QUERY,
};

/** SPEC §2 "/feed": genre and decade tiles over Saavn playlist search; Pop on open. */
export default function FeedPage() {
  const [category, setCategory] = useState<FeedCategory>(initial);
  const [results, setResults] = useState<ListState<SaavnPlaylist>>({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(async (next: FeedCategory) => {
    const request = ++latest.current;
    setCategory(next);
    setResults({ status: 'loading' });
    try {
      const playlists = await searchSaavnPlaylists(next.query);
      if (request === latest.current) setResults({ status: 'ready', items: playlists });
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
        <AsyncList state={results} empty={MESSAGES.noPlaylists}>
          {(playlists) => <SaavnPlaylistGrid playlists={playlists} listenNow />}
        </AsyncList>
      </section>
    </div>
  );
}
