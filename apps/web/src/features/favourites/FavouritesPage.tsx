import { useCallback, useEffect, useMemo } from 'react';
import { LABELS, MESSAGES, errorLine, type Song } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { getStoredUser } from '../../session/session';
import { useListenerToken } from '../../session/useListenerToken';
import { useLikedIdsQuery, useLikedSongPages } from '../likes';
import { useStartPlayback } from '../player';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { LikedSongCard } from './LikedSongCard';
import { VirtualCardGrid } from '../../components/VirtualCardGrid';
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
  const count = shown?.length ?? 0;
  // The next page once the last card loaded comes into view.
  const showItems = useCallback(
    (_first: number, last: number) => {
      if (last >= count - 1 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [count, hasNextPage, isFetchingNextPage, fetchNextPage],
  );
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
            count={songs.length}
            setSize={Math.max(total, songs.length)}
            itemAt={(index) => songs[index]}
            itemKey={(song) => song._id}
            label={LABELS.likedSongs}
            onShowItems={showItems}
            loadingText={LABELS.likedSongsLoading}
            renderCard={(song, tabbable) => <LikedSongCard song={song} onPlay={() => play(song)} tabbable={tabbable} />}
          />
        )}
      </AsyncList>
    </div>
  );
}
