import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import './FavouritesPage.css';

/** The grid's narrowest card and its gap (1.25rem), as the page's .grid lays them out. */
const MIN_CARD_WIDTH = 190;
const GAP = 20;
/** A card is its square cover plus about 110 px of padding, name, artist and the row gap. */
const CARD_EXTRA_HEIGHT = 110;

/**
 * Cards in rows of as many as fit, virtualised by row: only the rows in view are in the DOM.
 * When the last loaded row comes into view and more exist, `onNeedMore` asks for the next page.
 * Each card is a listitem with its place in the whole list (aria-setsize/aria-posinset).
 */
export function VirtualCardGrid<T extends { _id: string } | { id: string }>({
  items: songs,
  total,
  label,
  hasMore,
  onNeedMore,
  renderCard,
}: {
  items: T[];
  total: number;
  label: string;
  hasMore: boolean;
  onNeedMore(): void;
  renderCard(item: T): ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const columns = Math.max(1, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP)));
  const rows = Math.ceil(songs.length / columns);
  const cardWidth = Math.max(MIN_CARD_WIDTH, (width - GAP * (columns - 1)) / columns);
  const rowEstimate = Math.round(cardWidth + CARD_EXTRA_HEIGHT);

  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowEstimate,
    // Rows are measured where there is layout; without it (jsdom) the estimate holds.
    measureElement: (element) => element.getBoundingClientRect().height || rowEstimate,
    overscan: 2,
    // Rows measured at another column count are not reused.
    getItemKey: (index) => `${columns}:${index}`,
  });
  const items = virtualizer.getVirtualItems();
  const lastRow = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && lastRow >= rows - 1) onNeedMore();
  }, [hasMore, lastRow, rows, onNeedMore]);

  return (
    <div className="card-grid" ref={scroller} role="list" aria-label={label} tabIndex={-1}>
      <div className="card-grid__inner" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="card-grid__row"
            style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {songs.slice(row.index * columns, (row.index + 1) * columns).map((song, i) => (
              <div key={'_id' in song ? song._id : song.id} role="listitem" aria-setsize={total} aria-posinset={row.index * columns + i + 1}>
                {renderCard(song)}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
