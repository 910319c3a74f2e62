/**
 * Where an arrow key moves the focus in a grid of `count` cards laid out `columns` to a row: a
 * card left or right (across row ends, as reading order goes), a row up or down, Home and End to
 * the first and last. Undefined for other keys, and at an edge (the focus stays put).
 */
export function gridMove(
  key: string,
  from: number,
  columns: number,
  count: number,
): number | undefined {
  const to = (() => {
    switch (key) {
      case 'ArrowLeft':
        return from - 1;
      case 'ArrowRight':
        return from + 1;
      case 'ArrowUp':
        return from - columns;
      case 'ArrowDown':
        // Into a shorter last row: its last card.
        return from + columns < count
          ? from + columns
          : Math.floor(from / columns) < Math.floor((count - 1) / columns)
            ? count - 1
            : -1;
      case 'Home':
        return 0;
      case 'End':
        return count - 1;
      default:
        return undefined;
    }
  })();
  if (to === undefined) return undefined;
  return to >= 0 && to < count && to !== from ? to : undefined;
}
