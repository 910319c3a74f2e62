import { QUEUE_LABELS, songOptionsLabel, type Song } from '@samaa/shared';
import { CardMenu, type CardMenuItem } from '../../components/CardMenu';
import { useQueueActions } from '../player';
import { useSongShareItems } from '../shares';

/**
 * A song row's "⋯" menu: the page's own items first (a playlist's "Remove from playlist"), then
 * the queue's (Play next, Add to queue), then sharing.
 */
export function SongMenu({ song, items = [] }: { song: Song; items?: CardMenuItem[] }) {
  const share = useSongShareItems(song);
  const queue = useQueueActions();
  const queueItems: CardMenuItem[] = queue
    ? [
        { label: QUEUE_LABELS.playNext, onSelect: () => queue.playNext([song]) },
        { label: QUEUE_LABELS.addToQueue, onSelect: () => queue.addToQueue([song]) },
      ]
    : [];
  const all = [...items, ...queueItems, ...share.items];
  if (all.length === 0) return null;
  return (
    <>
      <CardMenu label={songOptionsLabel(song.name)} items={all} />
      {share.dialog}
    </>
  );
}
