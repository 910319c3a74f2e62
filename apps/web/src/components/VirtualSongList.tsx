import type { ReactNode } from 'react';
import type { Song } from '@samaa/shared';
import { VirtualList } from './VirtualList';

export const SONG_ROW_HEIGHT = 64;

const songKey = (song: Song) => song._id;

/**
 * A virtualised list of song rows (VirtualList): `songAt` may not know a row yet (its page is
 * loading), and `onRowsShown` tells the owner which rows are in view, so it can fetch their page.
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
  return (
    <VirtualList
      count={count}
      itemAt={songAt}
      itemKey={songKey}
      rowHeight={SONG_ROW_HEIGHT}
      label={label}
      renderRow={renderRow}
      onRowsShown={onRowsShown}
    />
  );
}
