import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { gridMove } from './gridMove';
import './tile.css';
import './VirtualCardGrid.css';

/** The grid's narrowest card and its gap (1.25rem), as .card-grid__row lays them out. */
const MIN_CARD_WIDTH = 190;
const GAP = 20;
/** A card is its square cover plus about 110 px of padding, name, artist and the row gap. */
const CARD_EXTRA_HEIGHT = 110;

export interface VirtualCardGridProps<T> {
  /** How many cards the grid lays out (loaded or not). */
  count: number;
  /** How many the whole list holds (aria-setsize); more than `count` while pages are still to come. */
  setSize?: number;
  /** The card at a place, or undefined while its page loads (a placeholder stands in). */
  itemAt(index: number): T | undefined;
  itemKey(item: T): string;
  label: string;
  /** The places in view (first and last), whenever they change: the caller reads their pages. */
  onShowItems(first: number, last: number): void;
  /** The card; `tabbable` is true for the one card whose controls Tab reaches (the others: tabIndex -1). */
  renderCard(item: T, tabbable: boolean): ReactNode;
  /** Said by a card still loading. */
  loadingText: string;
}

/**
 * Cards in rows of as many as fit, virtualised by row: only the rows in view are in the DOM.
 * Each card is a listitem with its place in the whole list (aria-setsize/aria-posinset).
 *
 * One card at a time is in the Tab order (a roving tabindex, as WAI-ARIA's grid guidance has it):
 * the arrow keys move between cards, a row up or down, Home and End to the first and last, and
 * Enter follows the focused link. So a 2,000-card grid is one Tab stop, not 4,000.
 */
export function VirtualCardGrid<T>({
  count,
  setSize = count,
  itemAt,
  itemKey,
  label,
  onShowItems,
  renderCard,
  loadingText,
}: VirtualCardGridProps<T>) {
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
  const rows = Math.ceil(count / columns);
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
  const rowItems = virtualizer.getVirtualItems();
  const firstShown = (rowItems[0]?.index ?? 0) * columns;
  const lastShown =
    Math.min(count, ((rowItems[rowItems.length - 1]?.index ?? -1) + 1) * columns) - 1;
  useEffect(() => {
    if (lastShown >= 0) onShowItems(firstShown, lastShown);
  }, [firstShown, lastShown, onShowItems]);

  // The card Tab reaches: the last one focused, or the first in view once that one has scrolled away.
  const [active, setActive] = useState(0);
  const tabStop = active >= firstShown && active <= lastShown ? active : firstShown;
  const focusWanted = useRef<number | null>(null);

  const focusCard = useCallback((index: number) => {
    const card = scroller.current?.querySelector<HTMLElement>(`[data-card-index="${index}"]`);
    if (!card) return false;
    const control = card.querySelector<HTMLElement>('a[href], button:not(:disabled)');
    // Not preventScroll: where the grid's box runs past the window (a phone), the page scrolls to the card too.
    (control ?? card).focus();
    return Boolean(control);
  }, []);
  // After a move, focus the card once it is drawn (and again once its page has loaded).
  useLayoutEffect(() => {
    if (focusWanted.current !== null && focusCard(focusWanted.current)) focusWanted.current = null;
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-card-index]');
    if (!from || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const to = gridMove(event.key, Number(from.dataset.cardIndex), columns, count);
    if (to === undefined) return;
    event.preventDefault();
    setActive(to);
    focusWanted.current = to;
    virtualizer.scrollToIndex(Math.floor(to / columns), { align: 'auto' });
    if (focusCard(to)) focusWanted.current = null;
  }

  return (
    <div
      className="card-grid"
      ref={scroller}
      role="list"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="card-grid__inner" style={{ height: virtualizer.getTotalSize() }}>
        {rowItems.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="card-grid__row"
            style={{
              transform: `translateY(${row.start}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {Array.from({ length: Math.min(columns, count - row.index * columns) }, (_, i) => {
              const index = row.index * columns + i;
              const item = itemAt(index);
              return (
                <div
                  key={item === undefined ? `loading-${index}` : itemKey(item)}
                  role="listitem"
                  aria-setsize={setSize}
                  aria-posinset={index + 1}
                  aria-busy={item === undefined ? true : undefined}
                  data-card-index={index}
                  tabIndex={item === undefined ? -1 : undefined}
                  onFocus={() => setActive(index)}
                >
                  {item === undefined ? (
                    <div className="tile card-grid__placeholder">
                      <span className="card-grid__placeholder-cover" />
                      <span className="visually-hidden">{loadingText}</span>
                    </div>
                  ) : (
                    renderCard(item, index === tabStop)
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
