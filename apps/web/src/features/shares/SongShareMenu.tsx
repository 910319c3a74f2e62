import { SHARE_MESSAGES, songOptionsLabel, type Song } from '@samaa/shared';
import { CardMenu, type CardMenuItem } from '../../components/CardMenu';
import { useSharesEnabled } from './api';
import { useShareDialog } from './useShareDialog';

/** A song row's "⋯" menu: share the song, or its album when it has one. Hidden when sharing is off. */
export function SongShareMenu({ song }: { song: Song }) {
  const enabled = useSharesEnabled();
  const share = useShareDialog();
  if (!enabled) return null;
  const items: CardMenuItem[] = [{ label: SHARE_MESSAGES.shareSong, onSelect: () => share.open({ kind: 'song', id: song._id, name: song.name }) }];
  if (song.album) {
    const album = song.album;
    items.push({ label: SHARE_MESSAGES.shareAlbum, onSelect: () => share.open({ kind: 'album', id: song._id, name: album }) });
  }
  return (
    <>
      <CardMenu label={songOptionsLabel(song.name)} items={items} />
      {share.dialog}
    </>
  );
}
