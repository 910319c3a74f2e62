import { LABELS, MESSAGES, type AdminAnalytics } from '@samaa/shared';
import { mediaUrl } from '../../api/client';
import { Loading } from '../../components/Loading';
import { fetchAdminAnalytics } from './analyticsApi';
import { SignupsChart } from './SignupsChart';
import { useRemoteData } from './useRemoteData';
import './admin.css';

function Figures({ data }: { data: AdminAnalytics }) {
  const figures = [
    { label: 'Users', value: data.users },
    { label: 'Verified users', value: data.verifiedUsers },
    { label: 'Songs', value: data.songs },
    { label: 'Playlists', value: data.playlists },
    { label: 'Total likes', value: data.likes },
  ];
  return (
    <dl className="stats">
      {figures.map((figure) => (
        <div className="card stats__item" key={figure.label}>
          <dt>{figure.label}</dt>
          <dd>{figure.value.toLocaleString('en-GB')}</dd>
        </div>
      ))}
    </dl>
  );
}

function TopSongs({ topSongs }: { topSongs: AdminAnalytics['topSongs'] }) {
  if (topSongs.length === 0) return <p className="empty-state">No likes yet.</p>;
  return (
    <ol className="top-songs">
      {topSongs.map(({ song, likes }) => (
        <li key={song._id}>
          {song.img ? (
            <img src={mediaUrl(song.img)} alt="" className="top-songs__thumb" />
          ) : (
            <span className="top-songs__thumb" aria-hidden="true" />
          )}
          <span className="top-songs__title">
            <strong>{song.name}</strong>
            <span>{song.artist}</span>
          </span>
          <span className="top-songs__likes">
            {likes} {likes === 1 ? 'like' : 'likes'}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** `/analytics`: keeps the SPEC title and shows real figures from GET /api/admin/analytics. */
export default function AnalyticsPage() {
  const { state } = useRemoteData(fetchAdminAnalytics);

  return (
    <section className="admin-page" aria-labelledby="analytics-title">
      <header className="admin-page__header">
        <h1 id="analytics-title">{LABELS.analyticsPage}</h1>
      </header>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <p className="alert alert--error" role="alert">
          {MESSAGES.analyticsLoadFailed}
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <Figures data={state.data} />
          <div className="analytics__panels">
            <section className="card" aria-labelledby="signups-title">
              <h2 id="signups-title">Sign-ups per day</h2>
              <p className="field__hint">Last {state.data.signupsPerDay.length} days</p>
              {state.data.signupsPerDay.length > 0 ? (
                <SignupsChart days={state.data.signupsPerDay} />
              ) : (
                <p className="empty-state">No sign-ups yet.</p>
              )}
            </section>
            <section className="card" aria-labelledby="top-songs-title">
              <h2 id="top-songs-title">Most liked songs</h2>
              <TopSongs topSongs={state.data.topSongs} />
            </section>
          </div>
        </>
      )}
    </section>
  );
}
