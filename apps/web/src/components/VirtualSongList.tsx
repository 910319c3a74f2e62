import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Song } from '@samaa/shared';
import './VirtualSongList.css';

export const SONG_ROW_HEIGHT = 64;

/**
 * Renders only the rows in view (plus a few), so a list of any length scrolls smoothly.
 * The list scrolls inside its own box; rows are absolutely placed by the virtualizer.
 * `songAt` may not know a row yet (its page is loading): the row then shows a placeholder, and
 * `onRowsShown` tells the owner which rows are in view, so it can fetch their page.
 */
export function VirtualSongList({
  count,
  songAt,
  label,
  renderRow,
  onRowsShown,
}: {
  count: number;
  songAt(index: number): Song | undefined;
  label: string;
  renderRow(song: Song, index: number): ReactNode;
  onRowsShown?(first: number, last: number): void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => SONG_ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => songAt(index)?._id ?? `row-${index}`,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (count > 0) onRowsShown?.(first, last);
  }, [first, last, count, onRowsShown]);

  return (
    <div className="vlist" ref={scroller} role="list" aria-label={label} tabIndex={-1}>
      <div className="vlist__inner" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const song = songAt(item.index);
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={count}
              aria-posinset={item.index + 1}
              aria-busy={song ? undefined : true}
              className="vlist__row"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {/* Not a live region: a screen reader hears the row, not a chorus of loading notices. */}
              {song ? renderRow(song, item.index) : 'Loading...'}
            </div>
          );
        })}
      </div>
    </div>
  );
}
