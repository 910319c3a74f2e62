import { useMemo } from 'react';
import { LABELS, MESSAGES, type Song } from '@samaa/shared';
import { coverSources } from '../../components/cover';
import { Loading } from '../../components/Loading';
import { pickWidgets } from './queue';

interface PlayerWidgetsProps {
  songs: Song[] | null;
  error: string | null;
  onPick(song: Song): void;
}

const TITLES = [LABELS.newReleases, LABELS.featured, LABELS.similarArtists];

/** New Releases, Featured and Similar Artists: the first 9 songs in random order, 3 each. */
export function PlayerWidgets({ songs, error, onPick }: PlayerWidgetsProps) {
  // Shuffled once per catalogue, not on every render.
  const groups = useMemo(() => (songs ? pickWidgets(songs) : null), [songs]);

  return (
    <div className="player-widgets">
      {error && <p className="alert alert--error">{error}</p>}
      {!error && !songs && <Loading />}
      {songs && songs.length === 0 && <p className="empty-state">{MESSAGES.noResults}</p>}
      {songs &&
        songs.length > 0 &&
        TITLES.map((title, i) => (
          <section key={title} className="player-widget" aria-label={title}>
            <h2 className="player-widget__title">{title}</h2>
            <ul className="player-widget__list">
              {(groups?.[i] ?? []).map((song) => (
                <li key={song._id}>
                  <button
                    type="button"
                    className="player-widget__song"
                    onClick={() => onPick(song)}
                  >
                    <span className="player-widget__art">
                      {song.img ? <img {...coverSources(song.img, 40)} alt="" loading="lazy" /> : null}
                    </span>
                    <span className="player-widget__text">
                      <span className="player-widget__name">{song.name}</span>
                      <span className="player-widget__artist">{song.artist}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
