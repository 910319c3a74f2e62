import { useEffect, useId, useRef, useState } from 'react';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, addedToPlaylist, type Playlist } from '@samaa/shared';
import { hasUserToken } from '../../session/session';
import { addSongToPlaylist } from './api';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { CheckIcon, PlusIcon } from '../../components/icons';
import { useDismissable } from '../../components/useDismissable';
import { NewPlaylistInline } from './NewPlaylistInline';
import './AddToPlaylist.css';

export interface AddToPlaylistProps {
  songId: string;
  /** A whole set (an album): these songs are added in order instead of `songId` alone. */
  songIds?: string[];
  songName: string;
  /** The user's playlists; undefined while they load. */
  playlists: Playlist[] | undefined;
  /**
   * After an add: the playlists changed (the answer carries only the new count, so lists refetch).
   * A promise it returns is awaited before the add is confirmed.
   */
  onAdded?(): void | Promise<void>;
}

type Status = { kind: 'success' | 'error'; text: string } | null;

/** Height the dropdown needs below its button; with less room it opens upwards. */
const PANEL_ROOM_PX = 280;

/** Pixels between the element and the bottom of its scroll box (the virtual list) or the window. */
function roomBelow(element: HTMLElement | null): number {
  if (!element) return Infinity;
  const box = element.closest('.vlist')?.getBoundingClientRect();
  const bottom = box && box.height > 0 ? box.bottom : window.innerHeight;
  return bottom - element.getBoundingClientRect().bottom;
}

/**
 * The playlist pick: a dropdown of the user's playlists where a check mark shows the pick;
 * clicking the check confirms and adds the song. Confirming with no pick is ignored.
 */
export function AddToPlaylist({ songId, songIds, songName, playlists, onAdded }: AddToPlaylistProps) {
  const { open, setOpen, root } = useDismissable();
  const [picked, setPicked] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [openUp, setOpenUp] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  const adding = useMutation(
    {
      mutationFn: async (playlistId: string) => {
        for (const id of songIds ?? [songId]) await addSongToPlaylist(playlistId, id);
        // The lists are read again before "Added to …" shows: the Library opened on it would
        // otherwise show the count from before until its own read came back.
        await onAdded?.();
      },
      onSuccess: (_added, playlistId) => {
        const name = playlists?.find((p) => p._id === playlistId)?.name ?? 'playlist';
        setStatus({ kind: 'success', text: addedToPlaylist(name) });
        setOpen(false);
        setPicked(null);
      },
      onError: (error) => {
        console.error('Add to playlist failed', error);
        setStatus({ kind: 'error', text: errorMessage(error, MESSAGES.formFailed) });
      },
    },
    queryClient,
  );
  const busy = adding.isPending;

  // Keyboard users land in the list when it opens, and back on the "+" when it closes.
  useEffect(() => {
    if (open) {
      const target = panel.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"], [role="radio"], .add-pl__confirm');
      target?.focus();
    } else if (wasOpen.current && (document.activeElement === document.body || root.current?.contains(document.activeElement))) {
      toggle.current?.focus();
    }
    wasOpen.current = open;
  }, [open, playlists, root]);

  function confirm() {
    if (busy) return;
    if (!picked) {
      console.info('Add to playlist: no playlist picked, nothing added.');
      return;
    }
    if (!hasUserToken()) return;
    adding.mutate(picked);
  }

  return (
    <div className="add-pl" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="icon-btn"
        aria-label={`Add ${songName} to a playlist`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title="Add to playlist"
        onClick={() => {
          setStatus(null);
          if (!open) setOpenUp(roomBelow(root.current) < PANEL_ROOM_PX);
          setOpen((value) => !value);
        }}
      >
        <PlusIcon />
      </button>
      {status && !open && (
        <span className={`add-pl__status add-pl__status--${status.kind}`} role="status">
          {status.text}
        </span>
      )}
      {open && (
        <div
          className={openUp ? 'add-pl__panel add-pl__panel--up' : 'add-pl__panel'}
          id={panelId}
          ref={panel}
          role="group"
          aria-label={`Add ${songName} to a playlist`}
        >
          <p className="add-pl__title">Add to playlist</p>
          {playlists === undefined ? (
            <p className="add-pl__note">Loading...</p>
          ) : playlists.length === 0 ? (
            <p className="add-pl__note">{MESSAGES.noPlaylists}</p>
          ) : (
            // Radix RadioGroup: one tab stop, arrows move and pick, as a radio group should.
            <RadioGroup.Root
              className="add-pl__list"
              aria-label="Playlists"
              value={picked ?? ''}
              onValueChange={(value) => setPicked(value)}
              loop
            >
              {playlists.map((playlist) => (
                <RadioGroup.Item key={playlist._id} value={playlist._id} className="add-pl__option">
                  <span className="add-pl__name">{playlist.name}</span>
                  <span className="add-pl__tick">{picked === playlist._id && <CheckIcon />}</span>
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
          )}
          <div className="add-pl__actions">
            {status?.kind === 'error' && (
              <span className="add-pl__status add-pl__status--error">{status.text}</span>
            )}
            <button
              type="button"
              className="icon-btn add-pl__confirm"
              aria-label="Confirm"
              title="Add to the checked playlist"
              disabled={busy}
              onClick={confirm}
            >
              <CheckIcon />
            </button>
          </div>
          {playlists !== undefined && (
            <NewPlaylistInline
              songId={songId}
              onAdded={(name) => {
                setStatus({ kind: 'success', text: addedToPlaylist(name) });
                setOpen(false);
                void onAdded?.();
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
