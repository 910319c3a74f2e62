import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { queueRowLabels } from '@samaa/shared';
import { coverSources } from '../../components/cover';
import type { PlayerTrack } from './queue';

/** The queue's thumbnails are 40 px, as the now-playing bar's (player.css). */
const QUEUE_COVER_PX = 40;

export const UNAVAILABLE_LABEL = 'Unavailable';

export interface QueueRowProps {
  rowKey: string;
  track: PlayerTrack;
  index: number;
  count: number;
  current: boolean;
  onPlay(): void;
  onMove(to: number): void;
  onRemove(): void;
}

/**
 * One song of the queue: a handle to drag it (or, focused, Space then the arrow keys), the song
 * itself (a click plays it), Move up, Move down and Remove.
 */
export function QueueRow({ rowKey, track, index, count, current, onPlay, onMove, onRemove }: QueueRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: rowKey });
  const labels = queueRowLabels(track.name);
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'queue-row queue-row--dragging' : 'queue-row'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-row={rowKey}
    >
      <button type="button" ref={setActivatorNodeRef} className="queue-row__handle icon-btn" aria-label={labels.drag} {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
      </button>
      <button
        type="button"
        className="player-queue__item"
        data-testid="queue-item"
        aria-current={current ? 'true' : undefined}
        disabled={track.unavailable}
        onClick={onPlay}
      >
        <span className="player-queue__number">{index + 1}</span>
        <span className="player-queue__art">{track.img ? <img {...coverSources(track.img, QUEUE_COVER_PX)} alt="" loading="lazy" /> : null}</span>
        <span className="player-queue__text">
          <span className="player-queue__name">{track.name}</span>
          <span className="player-queue__artist">{track.artist}</span>
        </span>
        {track.unavailable && <span className="player-queue__badge">{UNAVAILABLE_LABEL}</span>}
      </button>
      <span className="queue-row__actions">
        <button type="button" className="icon-btn" data-action="up" aria-label={labels.moveUp} disabled={index === 0} onClick={() => onMove(index - 1)}>
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="icon-btn"
          data-action="down"
          aria-label={labels.moveDown}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <span aria-hidden="true">↓</span>
        </button>
        <button type="button" className="icon-btn" data-action="remove" aria-label={labels.remove} onClick={onRemove}>
          <span aria-hidden="true">✕</span>
        </button>
      </span>
    </li>
  );
}
