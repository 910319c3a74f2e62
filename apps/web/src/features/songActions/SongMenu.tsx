import { songOptionsLabel, type Song } from '@samaa/shared';
import { CardMenu, type CardMenuItem } from '../../components/CardMenu';
import { useSongShareItems } from '../shares';

/**
 * A song row's "⋯" menu: the page's own items first (a playlist's "Remove from playlist"), then
 * sharing. Hidden when it would be empty.
 */
export function SongMenu({ song, items = [] }: { song: Song; items?: CardMenuItem[] }) {
  const share = useSongShareItems(song);
  const all = [...items, ...share.items];
  if (all.length === 0) return null;
  return (
    <>
      <CardMenu label={songOptionsLabel(song.name)} items={all} />
      {share.dialog}
    </>
  );
}
