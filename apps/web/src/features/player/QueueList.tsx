import { useEffect, useRef } from 'react';
import { LABELS } from '@samaa/shared';
import { usePlayerEngine, usePlayerState } from './usePlayer';

export const UNAVAILABLE_LABEL = 'Unavailable';

/** The 'Queue' list: a click jumps to that item; the current one is highlighted. */
export function QueueList() {
  const { jumpTo } = usePlayerEngine();
  const tracks = usePlayerState((s) => s.playback.tracks);
  const index = usePlayerState((s) => s.playback.index);
  const currentRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);

  if (tracks.length === 0) return null;
  return (
    <section className="player-queue" aria-labelledby="player-queue-title">
      <h2 id="player-queue-title">{LABELS.queue}</h2>
      <ol className="player-queue__list">
        {tracks.map((t, i) => (
          <li key={`${t.id}-${i}`}>
            <button
              type="button"
              ref={i === index ? currentRef : undefined}
              className="player-queue__item"
              data-testid="queue-item"
              aria-current={i === index ? 'true' : undefined}
              disabled={t.unavailable}
              onClick={() => jumpTo(i)}
            >
              <span className="player-queue__number">{i + 1}</span>
              <span className="player-queue__art">
                {t.img ? <img src={t.img} alt="" loading="lazy" /> : null}
              </span>
              <span className="player-queue__text">
                <span className="player-queue__name">{t.name}</span>
                <span className="player-queue__artist">{t.artist}</span>
              </span>
              {t.unavailable && <span className="player-queue__badge">{UNAVAILABLE_LABEL}</span>}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
