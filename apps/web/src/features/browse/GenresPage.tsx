import { Link } from 'react-router-dom';
import { BROWSE_MESSAGES, errorLine, type GenreCard } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { countLabel } from './Cover';
import { useGenres } from './queries';
import './browse.css';

/** /genres: every tag genre with its album and song counts. */
export default function GenresPage() {
  const genres = useGenres();
  const state: ListState<GenreCard> = genres.data
    ? { status: 'ready', items: genres.data.data }
    : genres.error
      ? { status: 'error', message: errorLine(errorMessage(genres.error, BROWSE_MESSAGES.genresFailed)) }
      : { status: 'loading' };
  return (
    <div className="browse">
      <header className="browse__header">
        <h1>{BROWSE_MESSAGES.genres}</h1>
      </header>
      <AsyncList state={state} empty={BROWSE_MESSAGES.noGenres}>
        {(items) => (
          <ul className="genre-list" aria-label={BROWSE_MESSAGES.genres}>
            {items.map((genre) => (
              <li key={genre.name}>
                <Link to={`/genres/${encodeURIComponent(genre.name)}`} className="genre-list__link">
                  <span className="genre-list__name">{genre.name}</span>
                  <span className="genre-list__counts">
                    {countLabel(genre.albumCount, 'album')} · {countLabel(genre.songCount, 'song')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </AsyncList>
    </div>
  );
}
