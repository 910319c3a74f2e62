import { useCallback, useEffect, useMemo } from 'react';
import { LABELS, MESSAGES, errorLine, type Song } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { getStoredUser } from '../../session/session';
import { useListenerToken } from '../../session/useListenerToken';
import { useLikedIdsQuery, useLikedSongPages } from '../likes';
import { useStartPlayback } from '../player';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { LikedSongCard } from './LikedSongCard';
import { VirtualCardGrid } from './VirtualCardGrid';
import './FavouritesPage.css';

/**
 * Liked Songs (/favourites): the liked songs, most recently liked first, read a page at a time into
 * a virtualised grid as it scrolls.
 */
export default function FavouritesPage() {
  const startPlayback = useStartPlayback();
  const signedIn = useListenerToken() && Boolean(getStoredUser());
  const liked = useLikedSongPages();
  const { data: likedIds } = useLikedIdsQuery({ fresh: true });

  useEffect(() => {
    if (liked.error) console.error(MESSAGES.likedSongsFailed, liked.error);
  }, [liked.error]);

  const loaded = useMemo(() => liked.data?.pages.flatMap((page) => page.data), [liked.data]);
  // A song unliked here or anywhere else leaves at once, before the list is fetched again.
  const shown = useMemo(
    () => (loaded && likedIds ? loaded.filter((song) => likedIds.has(song._id)) : loaded),
    [loaded, likedIds],
  );
  const total = (liked.data?.pages[0]?.total ?? 0) - ((loaded?.length ?? 0) - (shown?.length ?? 0));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = liked;
  const needMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // The liked songs shown so far are the queue.
  const play = useCallback(
    (song: Song) => shown && startPlayback(shown, shown.indexOf(song)),
    [shown, startPlayback],
  );

  const state: ListState<Song> = !signedIn
    ? { status: 'error', message: errorLine(MESSAGES.likedSongsFailed) }
    : shown
      ? { status: 'ready', items: shown }
      : liked.error
        ? { status: 'error', message: errorLine(errorMessage(liked.error, MESSAGES.likedSongsFailed)) }
        : { status: 'loading' };

  return (
    <div className="favourites">
      <h1>{state.status === 'loading' ? LABELS.likedSongsLoading : LABELS.likedSongs}</h1>
      <AsyncList state={state} empty={MESSAGES.noLikedSongs}>
        {(songs) => (
          <VirtualCardGrid
            items={songs}
            total={Math.max(total, songs.length)}
            label={LABELS.likedSongs}
            hasMore={Boolean(hasNextPage)}
            onNeedMore={needMore}
            renderCard={(song) => <LikedSongCard song={song} onPlay={() => play(song)} />}
          />
        )}
      </AsyncList>
    </div>
  );
}
