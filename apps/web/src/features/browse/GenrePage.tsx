import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { BROWSE_MESSAGES, errorLine } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { ErrorAlert } from '../../components/AsyncList';
import { Loading } from '../../components/Loading';
import { useLikedIds } from '../likes';
import { useOwnPlaylists } from '../playlists';
import { AlbumTile } from './AlbumTile';
import { countLabel } from './Cover';
import { SongList } from './SongList';
import { useGenreAlbumPages, useGenreSongPages } from './queries';
import './browse.css';

/** A "Show more" button for a paged list: keyboard-usable, and it says what it reads. */
function More({ pages, what }: { pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown }; what: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <button type="button" className="btn btn--ghost btn--small browse__more" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      {pages.isFetchingNextPage ? BROWSE_MESSAGES.loading : `Show more ${what}`}
    </button>
  );
}

/** /genres/:name: the genre's albums and songs, a page of each at a time. */
export default function GenrePage() {
  const { name = '' } = useParams();
  const albums = useGenreAlbumPages(name);
  const songs = useGenreSongPages(name);
  const { data: playlists } = useOwnPlaylists();
  useLikedIds();
  const albumList = useMemo(() => albums.data?.pages.flatMap((page) => page.data) ?? [], [albums.data]);
  const songList = useMemo(() => songs.data?.pages.flatMap((page) => page.data) ?? [], [songs.data]);

  const error = albums.error ?? songs.error;
  if (error) return <ErrorAlert message={errorLine(errorMessage(error, BROWSE_MESSAGES.genreFailed))} />;
  if (albums.isPending || songs.isPending) return <Loading />;
  const albumTotal = albums.data?.pages[0]?.total ?? 0;
  const songTotal = songs.data?.pages[0]?.total ?? 0;
  return (
    <div className="browse browse--detail">
      <header className="browse__header">
        <p className="detail-head__kind">Genre</p>
        <h1>{name}</h1>
        <p className="browse__sub">
          {countLabel(albumTotal, 'album')} · {countLabel(songTotal, 'song')}
        </p>
      </header>
      <section aria-labelledby="genre-albums">
        <h2 id="genre-albums">{BROWSE_MESSAGES.albums}</h2>
        {albumList.length === 0 ? (
          <p className="empty-state">{BROWSE_MESSAGES.noAlbums}</p>
        ) : (
          <ul className="grid album-list" aria-label={`${name}: ${BROWSE_MESSAGES.albums}`}>
            {albumList.map((album) => (
              <li key={album.id}>
                <AlbumTile album={album} />
              </li>
            ))}
          </ul>
        )}
        <More pages={albums} what="albums" />
      </section>
      <section aria-labelledby="genre-songs">
        <h2 id="genre-songs">{BROWSE_MESSAGES.songs}</h2>
        {songList.length === 0 ? (
          <p className="empty-state">{BROWSE_MESSAGES.noSongs}</p>
        ) : (
          <SongList songs={songList} label={`${name}: ${BROWSE_MESSAGES.songs}`} playlists={playlists} />
        )}
        <More pages={songs} what="songs" />
      </section>
    </div>
  );
}
