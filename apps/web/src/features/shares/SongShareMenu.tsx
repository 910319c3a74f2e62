import type { ReactNode } from 'react';
import { SHARE_MESSAGES, type Song } from '@samaa/shared';
import type { CardMenuItem } from '../../components/CardMenu';
import { useSharesEnabled } from './api';
import { useShareDialog } from './useShareDialog';

/**
 * A song menu's share items: share the song, or its album when it has one (none when sharing is
 * off), and the dialog they open (null while closed).
 */
export function useSongShareItems(song: Song): { items: CardMenuItem[]; dialog: ReactNode } {
  const enabled = useSharesEnabled();
  const share = useShareDialog();
  if (!enabled) return { items: [], dialog: null };
  const items: CardMenuItem[] = [{ label: SHARE_MESSAGES.shareSong, onSelect: () => share.open({ kind: 'song', id: song._id, name: song.name }) }];
  if (song.album) {
    const album = song.album;
    items.push({ label: SHARE_MESSAGES.shareAlbum, onSelect: () => share.open({ kind: 'album', id: song._id, name: album }) });
  }
  return { items, dialog: share.dialog };
}
