import { useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Song } from '@samaa/shared';
import './VirtualSongList.css';

export const SONG_ROW_HEIGHT = 64;

/**
 * Renders only the rows in view (plus a few), so 10,000 songs scroll smoothly.
 * The list scrolls inside its own box; rows are absolutely placed by the virtualizer.
 */
export function VirtualSongList({
  songs,
  label,
  renderRow,
}: {
  songs: Song[];
  label: string;
  renderRow(song: Song, index: number): ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: songs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => SONG_ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => songs[index]?._id ?? index,
  });

  return (
    <div className="vlist" ref={scroller} role="list" aria-label={label} tabIndex={-1}>
      <div className="vlist__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const song = songs[item.index];
          if (!song) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={songs.length}
              aria-posinset={item.index + 1}
              className="vlist__row"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {renderRow(song, item.index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
