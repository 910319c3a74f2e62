import type { LyricsLine } from '@samaa/shared';

/**
 * The line sung at `ms`: the last one whose start is at or before it (lines are sorted by start),
 * -1 before the first. A binary search: called several times a second.
 */
export function currentLineIndex(lines: readonly LyricsLine[], ms: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((lines[mid]!.start ?? 0) <= ms) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
