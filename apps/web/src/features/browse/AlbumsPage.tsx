import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ALBUM_SORTS, BROWSE_MESSAGES, errorLine, type AlbumSort } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { VirtualCardGrid } from '../../components/VirtualCardGrid';
import { AlbumFilters } from './AlbumFilters';
import { AlbumTile } from './AlbumTile';
import { countLabel } from './Cover';
import { useAlbumPages } from './queries';
import type { AlbumFilter } from './api';
import './browse.css';

const yearParam = (value: string | null) => (value && /^\d{1,4}$/.test(value) ? Number(value) : undefined);

/** The filter the URL holds: ?sort&genre&from&to (a shared link opens the same grid). */
export function filterFromParams(params: URLSearchParams): AlbumFilter {
  const sort = params.get('sort');
  return {
    sort: ALBUM_SORTS.includes(sort as AlbumSort) ? (sort as AlbumSort) : 'recent',
    genre: params.get('genre') || undefined,
    fromYear: yearParam(params.get('from')),
    toYear: yearParam(params.get('to')),
  };
}

function paramsFromFilter(filter: AlbumFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.sort !== 'recent') params.set('sort', filter.sort);
  if (filter.genre) params.set('genre', filter.genre);
  if (filter.fromYear !== undefined) params.set('from', String(filter.fromYear));
  if (filter.toYear !== undefined) params.set('to', String(filter.toYear));
  return params;
}

/** /albums: every album as a virtualised grid of covers, reading the pages in view as it scrolls. */
export default function AlbumsPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const albums = useAlbumPages(filter);
  const { total, showRows, itemAt } = albums;

  // AsyncList's loading, error and empty states; the grid itself reads its cards by place.
  const state: ListState<number> =
    total !== undefined
      ? { status: 'ready', items: total > 0 ? [total] : [] }
      : albums.error
        ? { status: 'error', message: errorLine(errorMessage(albums.error, BROWSE_MESSAGES.albumsFailed)) }
        : { status: 'loading' };

  return (
    <div className="browse">
      <header className="browse__header">
        <h1>{BROWSE_MESSAGES.albums}</h1>
        {total !== undefined && <p className="browse__sub">{countLabel(total, 'album')}</p>}
      </header>
      <AlbumFilters filter={filter} onChange={(next) => setParams(paramsFromFilter(next), { replace: true })} />
      <AsyncList state={state} empty={BROWSE_MESSAGES.noAlbums}>
        {([count]) => (
          <VirtualCardGrid
            count={count!}
            itemAt={itemAt}
            itemKey={(album) => album.id}
            label={BROWSE_MESSAGES.albums}
            onShowItems={showRows}
            loadingText={BROWSE_MESSAGES.loading}
            renderCard={(album, tabbable) => <AlbumTile album={album} tabbable={tabbable} />}
          />
        )}
      </AsyncList>
    </div>
  );
}
