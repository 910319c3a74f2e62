import { useEffect, useId, useRef } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { LABELS, movedInQueue, QUEUE_LABELS, removedFromQueue } from '@samaa/shared';
import { QueueRow } from './QueueRow';
import { QueueToolbar } from './QueueToolbar';
import type { PlayerTrack } from './queue';
import { usePlayerEngine, usePlayerState } from './usePlayer';
import './queue.css';

export { UNAVAILABLE_LABEL } from './QueueRow';

/** A key per queue entry that survives moves (the same song queued twice gets two). */
function useRowKeys() {
  const keys = useRef(new WeakMap<PlayerTrack, string>());
  const next = useRef(0);
  return (track: PlayerTrack) => {
    let key = keys.current.get(track);
    if (!key) {
      next.current += 1;
      key = `q${next.current}`;
      keys.current.set(track, key);
    }
    return key;
  };
}

/** Brings `item` into view inside `container` only: the page itself never scrolls for it. */
function scrollWithin(container: HTMLElement, item: HTMLElement): void {
  const box = container.getBoundingClientRect();
  const row = item.getBoundingClientRect();
  if (row.top < box.top) container.scrollTop -= box.top - row.top;
  else if (row.bottom > box.bottom) container.scrollTop += row.bottom - box.bottom;
}

/**
 * The Queue, for the listener to shape: a click plays a song; drag (pointer, or Space and the
 * arrows on a handle), Move up / Move down and Remove reorder it; Clear queue and Save as
 * playlist act on all of it. The current song is kept in view within the list.
 */
export function QueueList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const engine = usePlayerEngine();
  const tracks = usePlayerState((s) => s.playback.tracks);
  const index = usePlayerState((s) => s.playback.index);
  const keyOf = useRowKeys();
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const keys = tracks.map(keyOf);

  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="true"]')?.closest('li');
    if (list && item) scrollWithin(list, item);
  }, [index]);

  /** After a keyboard move or removal, focus stays on the row (or lands on a neighbour). */
  const focusLater = (key: string | undefined, action: string) =>
    requestAnimationFrame(() => {
      const row = key ? listRef.current?.querySelector<HTMLElement>(`[data-row="${key}"]`) : null;
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not(:disabled)`);
      const fallback = row?.querySelector<HTMLButtonElement>('[data-action]:not(:disabled)');
      (wanted ?? fallback ?? document.querySelector<HTMLElement>(`#${CSS.escape(titleId)}`))?.focus();
    });

  const move = (from: number, to: number, action?: string) => {
    const track = tracks[from];
    if (!track || to < 0 || to >= tracks.length) return;
    engine.moveTrack(from, to);
    engine.announce(movedInQueue(track.name, to + 1, tracks.length));
    if (action) focusLater(keyOf(track), action);
  };

  const remove = (at: number) => {
    const track = tracks[at];
    if (!track) return;
    const neighbour = tracks[at + 1] ?? tracks[at - 1];
    engine.removeTrack(at);
    engine.announce(removedFromQueue(track.name));
    focusLater(neighbour && keyOf(neighbour), 'remove');
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };

  const Heading = `h${headingLevel}` as const;
  return (
    <section className="player-queue" aria-labelledby={titleId}>
      <div className="player-queue__header">
        <Heading id={titleId} tabIndex={-1}>
          {LABELS.queue}
        </Heading>
        <QueueToolbar />
      </div>
      {tracks.length === 0 ? (
        <p className="empty-state">{QUEUE_LABELS.emptyQueue}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <ol ref={listRef} className="player-queue__list" aria-labelledby={titleId}>
              {tracks.map((track, i) => (
                <QueueRow
                  key={keys[i]}
                  rowKey={keys[i]!}
                  track={track}
                  index={i}
                  count={tracks.length}
                  current={i === index}
                  onPlay={() => engine.jumpTo(i)}
                  onMove={(to) => move(i, to, to < i ? 'up' : 'down')}
                  onRemove={() => remove(i)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}
