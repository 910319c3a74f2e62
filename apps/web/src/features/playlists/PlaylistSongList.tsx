import { useEffect, useRef } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { PLAYLIST_PAGE, type Playlist, type Song } from '@samaa/shared';
import { SongRow } from '../../components/SongRow';
import { SongActions } from '../songActions';
import type { PageEntry } from './playlistEntriesAsSongs';

export interface PlaylistSongListProps {
  entries: PageEntry[];
  /** The listener's playlists, for each row's add-to-playlist. */
  playlists: Playlist[] | undefined;
  onPlay(index: number): void;
  onRemove(song: Song): void;
  /** Moves a song to place `to` among the playlist's songs; `fromMenu` when a row's menu asked. */
  onMove(song: Song, to: number, fromMenu: boolean): void;
  /** After a move from a row's menu: the song whose row keeps the focus. */
  focusSongId: string | null;
  onFocused(): void;
}

const GripIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
    {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </svg>
);

function SortableSong({
  song,
  place,
  count,
  playlists,
  onPlay,
  onRemove,
  onMove,
}: {
  song: Song;
  place: number;
  count: number;
  playlists: Playlist[] | undefined;
  onPlay(): void;
  onRemove(): void;
  onMove(to: number): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: song._id });
  const menuItems = [
    ...(place > 0 ? [{ label: PLAYLIST_PAGE.moveUp, onSelect: () => onMove(place - 1) }] : []),
    ...(place < count - 1 ? [{ label: PLAYLIST_PAGE.moveDown, onSelect: () => onMove(place + 1) }] : []),
    { label: PLAYLIST_PAGE.removeFromPlaylist, danger: true, onSelect: onRemove },
  ];
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'pl-songs__item pl-songs__item--dragging' : 'pl-songs__item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-song-id={song._id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="icon-btn pl-songs__handle"
        {...attributes}
        {...listeners}
        aria-label={PLAYLIST_PAGE.dragHandle(song.name)}
      >
        <GripIcon />
      </button>
      <SongRow song={song} onPlay={onPlay} actions={<SongActions song={song} playlists={playlists} menuItems={menuItems} />} />
    </li>
  );
}

/**
 * The playlist's rows in play order. Its songs move by drag (mouse, or the handle's Space and
 * arrows, through dnd-kit) and by "Move up" / "Move down" in each row's menu; JioSaavn tracks an
 * import kept stay at their places and only play.
 */
export function PlaylistSongList({ entries, playlists, onPlay, onRemove, onMove, focusSongId, onFocused }: PlaylistSongListProps) {
  const list = useRef<HTMLOListElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const songs = entries.flatMap((entry) => (entry.kind === 'song' ? [entry.song] : []));
  const nameOf = (id: string | number) => songs.find((song) => song._id === id)?.name ?? '';
  const placeOf = (id: string | number) => songs.findIndex((song) => song._id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(active.id)} picked up, position ${placeOf(active.id)} of ${songs.length}`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${placeOf(over.id)} of ${songs.length}` : undefined),
    onDragEnd: ({ active, over }) => (over ? PLAYLIST_PAGE.moved(nameOf(active.id), placeOf(over.id), songs.length) : undefined),
    onDragCancel: ({ active }) => `${nameOf(active.id)} put back`,
  };

  // A move re-orders the rows, which can drop the focus the closing menu gave back: the moved
  // row's "⋯" then takes it. Only focus dropped: a listener already in another row's menu (the
  // rows render again when the server answers) keeps theirs, or that menu would close.
  useEffect(() => {
    if (!focusSongId) return;
    const frame = requestAnimationFrame(() => {
      const row = list.current?.querySelector<HTMLElement>(`[data-song-id="${focusSongId}"]`);
      const focused = document.activeElement;
      if (!focused || focused === document.body) row?.querySelector<HTMLElement>('.card-menu__toggle')?.focus();
      onFocused();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusSongId, entries, onFocused]);

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const song = songs.find((one) => one._id === active.id);
    const to = songs.findIndex((one) => one._id === over.id);
    if (song && to >= 0) onMove(song, to, false);
  }

  let songPlace = -1;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={{ announcements }}>
      <SortableContext items={songs.map((song) => song._id)} strategy={verticalListSortingStrategy}>
        <ol className="pl-songs" ref={list} aria-label={PLAYLIST_PAGE.songs}>
          {entries.map((entry, index) => {
            if (entry.kind === 'saavn') {
              return (
                <li key={entry.song._id} className="pl-songs__item pl-songs__item--fixed">
                  <span className="pl-songs__handle-space" aria-hidden="true" />
                  <SongRow song={entry.song} onPlay={() => onPlay(index)} />
                </li>
              );
            }
            songPlace += 1;
            const place = songPlace;
            return (
              <SortableSong
                key={entry.song._id}
                song={entry.song}
                place={place}
                count={songs.length}
                playlists={playlists}
                onPlay={() => onPlay(index)}
                onRemove={() => onRemove(entry.song)}
                onMove={(to) => onMove(entry.song, to, true)}
              />
            );
          })}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
