import { LABELS, MESSAGES, type AdminAnalytics, type Song } from '@samaa/shared';
import { mediaUrl } from '../../api/client';
import { Loading } from '../../components/Loading';
import { fetchAdminAnalytics } from './api';
import { SignupsChart } from './SignupsChart';
import { ADMIN_KEYS, useAdminQuery } from './adminQueries';
import './admin.css';

function Figures({ data }: { data: AdminAnalytics }) {
  const figures = [
    { label: 'Users', value: data.users },
    { label: 'Verified users', value: data.verifiedUsers },
    { label: 'Songs', value: data.songs },
    { label: 'Playlists', value: data.playlists },
    { label: 'Total likes', value: data.likes },
    { label: 'Plays in apps', value: data.plays },
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

/** Songs ranked by a count (likes, plays), with the count in words. */
function RankedSongs({ rows, unit, empty }: { rows: { song: Song; count: number }[]; unit: [string, string]; empty: string }) {
  if (rows.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ol className="top-songs">
      {rows.map(({ song, count }) => (
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
            {count} {count === 1 ? unit[0] : unit[1]}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** `/analytics`: keeps the product's title and shows real figures from GET /api/admin/analytics. */
export default function AnalyticsPage() {
  const { state } = useAdminQuery(ADMIN_KEYS.analytics, fetchAdminAnalytics);

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
              <RankedSongs
                rows={state.data.topSongs.map(({ song, likes }) => ({ song, count: likes }))}
                unit={['like', 'likes']}
                empty="No likes yet."
              />
            </section>
            <section className="card" aria-labelledby="most-played-title">
              <h2 id="most-played-title">Most played in apps</h2>
              <RankedSongs
                rows={state.data.mostPlayed.map(({ song, plays }) => ({ song, count: plays }))}
                unit={['play', 'plays']}
                empty="No plays from Subsonic apps yet."
              />
            </section>
          </div>
        </>
      )}
    </section>
  );
}
