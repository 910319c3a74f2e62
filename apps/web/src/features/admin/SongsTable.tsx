import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Song } from '@samaa/shared';
import { mediaUrl } from '../../api/client';
import { ConfirmDelete } from './ConfirmDelete';

/** As admin.css sets it (.songs-table-scroll tbody tr): the estimate matches, so a jump lands where it aims. */
const ROW_HEIGHT = 72;
const COLUMNS = 5;

/**
 * The Songs table, virtualised: only the rows in view are in the DOM, between two spacer rows
 * that keep the scroll height. aria-rowcount and aria-rowindex tell assistive technology where
 * each rendered row sits among all of them (the header row is row 1).
 */
export function SongsTable({
  count,
  songAt,
  onRowsShown,
  onEdit,
  onDelete,
}: {
  count: number;
  songAt(index: number): Song | undefined;
  onRowsShown(first: number, last: number): void;
  onEdit(song: Song): void;
  onDelete(id: string): Promise<void>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // A row taller than the estimate (a wrapped name) is measured; without layout, the estimate holds.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT,
    getItemKey: (index) => songAt(index)?._id ?? `row-${index}`,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (count > 0) onRowsShown(first, last);
  }, [first, last, count, onRowsShown]);
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  return (
    <div className="admin-table-wrap songs-table-scroll" ref={scroller}>
      <table className="table songs-table" aria-rowcount={count + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Name</th>
            <th scope="col">Artist</th>
            <th scope="col">Image</th>
            <th scope="col">Song</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" className="songs-table__spacer">
              <td colSpan={COLUMNS} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const song = songAt(item.index);
            return (
              <tr
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                aria-busy={song ? undefined : true}
              >
                {song ? <SongCells song={song} onEdit={onEdit} onDelete={onDelete} /> : <td colSpan={COLUMNS}>Loading...</td>}
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true" className="songs-table__spacer">
              <td colSpan={COLUMNS} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function SongCells({ song, onEdit, onDelete }: { song: Song; onEdit(song: Song): void; onDelete(id: string): Promise<void> }) {
  return (
    <>
      <td>{song.name}</td>
      <td>{song.artist}</td>
      <td>
        {song.img ? (
          <img className="songs-table__thumb" src={mediaUrl(song.img)} alt={`Cover of ${song.name}`} />
        ) : (
          <span className="songs-table__thumb songs-table__thumb--none" aria-label="No image" />
        )}
      </td>
      <td>
        <audio
          className="songs-table__audio"
          controls
          // Only the file's header is fetched, so the control shows the real length.
          preload="metadata"
          src={mediaUrl(song.song)}
          aria-label={`Play ${song.name}`}
        />
      </td>
      <td>
        <div className="admin-table__actions">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            aria-label={`Edit ${song.name}`}
            onClick={() => onEdit(song)}
          >
            Edit
          </button>
          <ConfirmDelete itemName={song.name} onConfirm={() => onDelete(song._id)} />
        </div>
      </td>
    </>
  );
}
