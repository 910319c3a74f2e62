import { useEffect, useState } from 'react';
import { LABELS, MESSAGES, categoryError, categoryFailed, type SaavnPlaylist } from '@samaa/shared';
import { FEED_DEFAULT_QUERY, saavnFailureDetail } from '../saavn';
import { useSaavnPlaylists } from '../saavn';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { SaavnPlaylistGrid } from '../saavn';
import { DECADES, GENRES, type FeedCategory } from './categories';
import './FeedPage.css';

const initial = GENRES.find((g) => g.query === FEED_DEFAULT_QUERY) ?? {
  label: FEED_DEFAULT_QUERY,
  query: FEED_DEFAULT_QUERY,
};

/** `/feed`: genre and decade tiles over Saavn playlist search; Pop on open. */
export default function FeedPage() {
  const [category, setCategory] = useState<FeedCategory>(initial);
  // One cache entry per category: going back to one shows it at once.
  const { data, error } = useSaavnPlaylists(category.query);
  useEffect(() => {
    if (error) console.error(categoryFailed(category.query), error);
  }, [error, category.query]);
  const detail = error ? saavnFailureDetail(error) : undefined;
  const results: ListState<SaavnPlaylist> = data
    ? { status: 'ready', items: data }
    : error
      ? { status: 'error', message: detail ? categoryError(category.query, detail) : categoryFailed(category.query) }
      : { status: 'loading' };
  const load = (next: FeedCategory) => setCategory(next);

  const tile = (item: FeedCategory) => (
    <li key={item.query}>
      <button
        type="button"
        className="feed__tile"
        aria-pressed={item.query === category.query}
        onClick={() => load(item)}
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
