import { useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import './VirtualList.css';

/** What a list's owner may ask of it: bring a row to the top (a jump to a letter). */
export interface VirtualListHandle {
  scrollToIndex(index: number): void;
}

/**
 * Renders only the rows in view (plus a few), so a list of any length scrolls smoothly.
 * The list scrolls inside its own box; rows of `rowHeight` are absolutely placed by the virtualizer.
 * `itemAt` may not know a row yet (its page is loading): the row then says `loadingText`, and
 * `onRowsShown` tells the owner which rows are in view, so it can fetch their page.
 * Each row is a listitem with its place in the whole list (aria-setsize/aria-posinset).
 */
export function VirtualList<T>({
  count,
  itemAt,
  itemKey,
  rowHeight,
  label,
  className = 'vlist',
  loadingText = 'Loading...',
  renderRow,
  onRowsShown,
  ref,
}: {
  count: number;
  itemAt(index: number): T | undefined;
  itemKey(item: T): string;
  rowHeight: number;
  label: string;
  className?: string;
  loadingText?: string;
  renderRow(item: T, index: number): ReactNode;
  onRowsShown?(first: number, last: number): void;
  ref?: Ref<VirtualListHandle>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey: (index) => {
      const item = itemAt(index);
      return item === undefined ? `row-${index}` : itemKey(item);
    },
  });
  useImperativeHandle(
    ref,
    () => ({ scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'start' }) }),
    [virtualizer],
  );
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (count > 0) onRowsShown?.(first, last);
  }, [first, last, count, onRowsShown]);

  return (
    <div className={className} ref={scroller} role="list" aria-label={label} tabIndex={-1}>
      <div className="vlist__inner" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((row) => {
          const item = itemAt(row.index);
          return (
            <div
              key={row.key}
              role="listitem"
              aria-setsize={count}
              aria-posinset={row.index + 1}
              aria-busy={item === undefined ? true : undefined}
              className="vlist__row"
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
            >
              {/* Not a live region: a screen reader hears the row, not a chorus of loading notices. */}
              {item === undefined ? loadingText : renderRow(item, row.index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
