import { coverSources } from '../../components/cover';

/** The progress ring is 300 px across. */
export const RING_SIZE = 300;
const STROKE = 6;
const RADIUS = (RING_SIZE - STROKE) / 2;
export const RING_CIRCUMFERENCE = 2 * Math.PI * RADIUS;

interface ProgressDiscProps {
  img: string;
  playing: boolean;
  /** 0..1 */
  progress: number;
}

/** A vinyl-style disc (spinning only while playing) inside a progress ring drawn with stroke-dashoffset. */
export function ProgressDisc({ img, playing, progress }: ProgressDiscProps) {
  const clamped = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 0;
  const center = RING_SIZE / 2;
  return (
    <div
      className="player-disc"
      style={{ width: RING_SIZE, height: RING_SIZE }}
      data-playing={playing}
    >
      <svg
        className="player-disc__ring"
        width={RING_SIZE}
        height={RING_SIZE}
        viewBox={`0 0 ${RING_SIZE} ${RING_SIZE}`}
        aria-hidden="true"
      >
        <circle
          className="player-disc__ring-track"
          cx={center}
          cy={center}
          r={RADIUS}
          strokeWidth={STROKE}
        />
        <circle
          className="player-disc__ring-progress"
          data-testid="progress-ring"
          cx={center}
          cy={center}
          r={RADIUS}
          strokeWidth={STROKE}
          strokeDasharray={RING_CIRCUMFERENCE}
          strokeDashoffset={RING_CIRCUMFERENCE * (1 - clamped)}
          transform={`rotate(-90 ${center} ${center})`}
        />
      </svg>
      <div className="player-disc__vinyl">
        <div className="player-disc__label">{img ? <img {...coverSources(img, 150)} alt="" /> : null}</div>
      </div>
    </div>
  );
}

/** Equalizer bars that move only while playing. */
export function Equalizer({ playing }: { playing: boolean }) {
  return (
    <div className="player-eq" data-playing={playing} data-testid="equalizer" aria-hidden="true">
      {[0, 1, 2, 3, 4, 5, 6].map((bar) => (
        <span key={bar} className="player-eq__bar" />
      ))}
    </div>
  );
}
