import { Link } from 'react-router-dom';
import { formatTime } from '@samaa/shared';
import { coverSources } from '../../components/cover';
import { VolumeIcon } from './icons';
import { QueuePanel } from './QueuePanel';
import { TransportControls } from './TransportControls';
import { PLAYER_KEYS_REGION } from './useKeyboardShortcuts';
import { usePlayerEngine, usePlayerState } from './usePlayer';
import './player.css';

/** The thin progress line: the only part of the bar that re-renders on each progress tick. */
function NowPlayingProgress() {
  const position = usePlayerState((s) => s.position);
  const duration = usePlayerState((s) => s.duration);
  const progress = duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
  return (
    <div
      className="now-playing__progress"
      role="progressbar"
      aria-label="Progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
    >
      <div className="now-playing__progress-fill" style={{ width: `${progress}%` }} />
    </div>
  );
}

function VolumeControls() {
  const { setVolume, toggleMute } = usePlayerEngine();
  const volume = usePlayerState((s) => s.volume);
  const muted = usePlayerState((s) => s.muted);
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        data-testid="nowplaying-mute"
        onClick={toggleMute}
      >
        <VolumeIcon muted={muted || volume === 0} />
      </button>
      <input
        type="range"
        className="now-playing__volume"
        aria-label="Volume"
        min={0}
        max={1}
        step={0.05}
        value={muted ? 0 : volume}
        onChange={(e) => setVolume(Number(e.target.value))}
      />
    </>
  );
}

/**
 * The compact bar on every listener screen: what plays, transport, progress, volume, and a way to
 * /player (left out by a page outside the listener area: `withPlayerLink={false}`).
 */
export function NowPlayingBar({ withPlayerLink = true }: { withPlayerLink?: boolean }) {
  const track = usePlayerState((s) => s.track);
  if (!track) return null;
  const keys = { [PLAYER_KEYS_REGION]: '' };

  return (
    <footer className="now-playing" aria-label="Now playing" data-testid="now-playing" {...keys}>
      <NowPlayingProgress />
      <div className="now-playing__track">
        <span className="now-playing__art">
          {track.img ? <img {...coverSources(track.img, 40)} alt="" /> : null}
        </span>
        <span className="now-playing__text">
          <span className="now-playing__title">{track.name}</span>
          <span className="now-playing__artist">{track.artist}</span>
        </span>
      </div>
      <TransportControls compact />
      <div className="now-playing__extra">
        <VolumeControls />
        {withPlayerLink && <QueuePanel />}
        {withPlayerLink && (
          <Link className="btn btn--ghost btn--small" to="/player">
            Open player
          </Link>
        )}
      </div>
    </footer>
  );
}
