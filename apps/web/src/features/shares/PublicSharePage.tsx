import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { formatTime, KIND_LABELS, SHARE_MESSAGES, sharedBy, type PublicShare } from '@samaa/shared';
import { API_BASE_URL, errorMessage, mediaUrl } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { coverPlaceholder } from '../../components/coverPlaceholder';
import { Loading } from '../../components/Loading';
import { NowPlayingBar, PlayerProvider, usePlayerEngine, usePlayerState } from '../player';
import { fetchPublicShare } from './api';
import { publicTrack } from './publicTracks';
import './publicShare.css';

const isGone = (error: unknown) => error instanceof AxiosError && error.response?.status === 404;

/** The link's 404: expired, revoked and unknown links look the same (nothing tells them apart). */
function Gone({ error }: { error: unknown }) {
  return (
    <section className="public-share__gone" aria-labelledby="share-gone-title">
      <h1 id="share-gone-title">{SHARE_MESSAGES.goneTitle}</h1>
      <p>{errorMessage(error, SHARE_MESSAGES.gone)}</p>
    </section>
  );
}

function SharedSongs({ data }: { data: PublicShare }) {
  const { playQueue } = usePlayerEngine();
  const current = usePlayerState((s) => s.track?.id ?? null);
  const tracks = useMemo(() => data.songs.map(publicTrack), [data.songs]);
  const { share } = data;
  const cover = share.cover ? mediaUrl(share.cover) : coverPlaceholder(share.name);
  const downloadUrl = (songId: string) =>
    `${API_BASE_URL}/public/shares/${encodeURIComponent(share.id)}/songs/${encodeURIComponent(songId)}/download`;

  return (
    <>
      <header className="public-share__hero">
        <img className="public-share__cover" src={cover} alt="" />
        <div className="public-share__intro">
          <p className="public-share__kind">{KIND_LABELS[share.kind]}</p>
          <h1 className="public-share__name">{share.name}</h1>
          {share.sharedBy && <p className="public-share__by">{sharedBy(share.sharedBy)}</p>}
          {share.description && <p className="public-share__description">{share.description}</p>}
          <button type="button" className="btn" onClick={() => playQueue(tracks, 0)}>
            {SHARE_MESSAGES.playAll}
          </button>
        </div>
      </header>
      <ol className="public-share__songs" aria-label={SHARE_MESSAGES.songsLabel}>
        {data.songs.map((song, index) => (
          <li key={song.id} className="public-share__song" aria-current={current === song.id ? 'true' : undefined}>
            <button
              type="button"
              className="public-share__play"
              aria-label={`Play ${song.name}`}
              onClick={() => playQueue(tracks, index)}
            >
              <span aria-hidden="true">{index + 1}</span>
            </button>
            <span className="public-share__text">
              <span className="public-share__title">{song.name}</span>
              <span className="public-share__artist">{song.artist}</span>
            </span>
            <span className="public-share__time">{song.duration ? formatTime(song.duration) : ''}</span>
            {share.downloadable && (
              <a className="btn btn--ghost btn--small" href={downloadUrl(song.id)} aria-label={`${SHARE_MESSAGES.download} ${song.name}`}>
                {SHARE_MESSAGES.download}
              </a>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * /s/:id, for anyone with the link: the shared songs and a player for exactly those. No sidebar
 * and no link into the catalogue; the player is apart from a signed-in listener's own queue.
 */
export default function PublicSharePage() {
  const { id = '' } = useParams();
  const query = useQuery(
    {
      queryKey: ['public-share', id],
      queryFn: ({ signal }) => fetchPublicShare(id, signal),
      // Each load counts a visit and signs fresh links: never refetched behind the visitor's back.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: (count, error) => !isGone(error) && count < 2,
    },
    queryClient,
  );

  return (
    <PlayerProvider standalone>
      <div className="public-share">
        <header className="public-share__brand">Samaa</header>
        <main className="public-share__main" id="main">
          {query.isPending ? (
            <Loading />
          ) : query.isError ? (
            isGone(query.error) ? (
              <Gone error={query.error} />
            ) : (
              <p className="alert alert--error" role="alert">
                {errorMessage(query.error, SHARE_MESSAGES.publicLoadFailed)}
              </p>
            )
          ) : (
            <SharedSongs data={query.data} />
          )}
        </main>
        <NowPlayingBar withPlayerLink={false} />
      </div>
    </PlayerProvider>
  );
}
