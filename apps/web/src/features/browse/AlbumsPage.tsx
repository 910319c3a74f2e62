import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ALBUM_SORTS, BROWSE_MESSAGES, errorLine, type AlbumCard, type AlbumSort } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { VirtualCardGrid } from '../favourites';
import { AlbumFilters } from './AlbumFilters';
import { AlbumTile } from './AlbumTile';
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

/** /albums: every album as a virtualised grid of covers, read a page at a time as it scrolls. */
export default function AlbumsPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const albums = useAlbumPages(filter);
  const loaded = useMemo(() => albums.data?.pages.flatMap((page) => page.data), [albums.data]);
  const total = albums.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = albums;
  const needMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const state: ListState<AlbumCard> = loaded
    ? { status: 'ready', items: loaded }
    : albums.error
      ? { status: 'error', message: errorLine(errorMessage(albums.error, BROWSE_MESSAGES.albumsFailed)) }
      : { status: 'loading' };

  return (
    <div className="browse">
      <header className="browse__header">
        <h1>{BROWSE_MESSAGES.albums}</h1>
        {loaded && <p className="browse__sub">{total.toLocaleString('en')} albums</p>}
      </header>
      <AlbumFilters filter={filter} onChange={(next) => setParams(paramsFromFilter(next), { replace: true })} />
      <AsyncList state={state} empty={BROWSE_MESSAGES.noAlbums}>
        {(items) => (
          <VirtualCardGrid
            items={items}
            total={Math.max(total, items.length)}
            label={BROWSE_MESSAGES.albums}
            hasMore={Boolean(hasNextPage)}
            onNeedMore={needMore}
            renderCard={(album) => <AlbumTile album={album} />}
          />
        )}
      </AsyncList>
    </div>
  );
}
