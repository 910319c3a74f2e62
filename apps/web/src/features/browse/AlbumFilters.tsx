import { useId } from 'react';
import { ALBUM_SORTS, ALBUM_SORT_LABELS, BROWSE_MESSAGES, type AlbumSort } from '@samaa/shared';
import { useGenres } from './queries';
import type { AlbumFilter } from './api';

/** Years as typed: applied once they are whole numbers (an empty box clears the bound). */
const yearOf = (text: string) => (/^\d{1,4}$/.test(text) ? Number(text) : undefined);

/** The albums' order, genre and years; every change goes to the URL (AlbumsPage reads it back). */
export function AlbumFilters({ filter, onChange }: { filter: AlbumFilter; onChange(next: AlbumFilter): void }) {
  const id = useId();
  const genres = useGenres();
  const year = (key: 'fromYear' | 'toYear') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value.trim();
    if (value === '' || yearOf(value) !== undefined) onChange({ ...filter, [key]: yearOf(value) });
  };
  return (
    <form className="album-filters" role="search" aria-label="Album filters" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-sort`}>{BROWSE_MESSAGES.sortBy}</label>
        <select id={`${id}-sort`} value={filter.sort} onChange={(event) => onChange({ ...filter, sort: event.target.value as AlbumSort })}>
          {ALBUM_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {ALBUM_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-genre`}>{BROWSE_MESSAGES.genre}</label>
        <select id={`${id}-genre`} value={filter.genre ?? ''} onChange={(event) => onChange({ ...filter, genre: event.target.value || undefined })}>
          <option value="">{BROWSE_MESSAGES.anyGenre}</option>
          {/* A genre in the URL shows even before (or without) the list of genres. */}
          {filter.genre && !genres.data?.data.some((genre) => genre.name === filter.genre) && <option value={filter.genre}>{filter.genre}</option>}
          {genres.data?.data.map((genre) => (
            <option key={genre.name} value={genre.name}>
              {genre.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field album-filters__year">
        <label htmlFor={`${id}-from`}>{BROWSE_MESSAGES.fromYear}</label>
        <input id={`${id}-from`} inputMode="numeric" maxLength={4} defaultValue={filter.fromYear ?? ''} onChange={year('fromYear')} />
      </div>
      <div className="field album-filters__year">
        <label htmlFor={`${id}-to`}>{BROWSE_MESSAGES.toYear}</label>
        <input id={`${id}-to`} inputMode="numeric" maxLength={4} defaultValue={filter.toYear ?? ''} onChange={year('toYear')} />
      </div>
    </form>
  );
}
