import type { Song } from '@samaa/shared';
import { LikeButton } from '../likes';
import { SongCoverButton } from '../../components/SongCoverButton';
import '../../components/tile.css';

/** About the widest a grid column gets (FavouritesPage.css). */
const LIKED_COVER_PX = 220;

/** A liked song: image, name and artist; the cover plays it, the heart unlikes it. */
export function LikedSongCard({
  song,
  onPlay,
  tabbable = true,
}: {
  song: Song;
  onPlay(): void;
  /** False in a grid card that is not the grid's Tab stop. */
  tabbable?: boolean;
}) {
  const tabIndex = tabbable ? undefined : -1;
  return (
    <article className="tile liked-card" aria-label={song.name}>
      <SongCoverButton
        song={song}
        className="liked-card__cover"
        iconClassName="liked-card__play"
        onPlay={onPlay}
        cssPx={LIKED_COVER_PX}
        tabIndex={tabIndex}
      />
      <div className="liked-card__body">
        <div className="liked-card__text">
          <h3 className="liked-card__name" title={song.name}>
            {song.name}
          </h3>
          <p className="liked-card__artist" title={song.artist}>
            {song.artist}
          </p>
        </div>
        <LikeButton songId={song._id} songName={song.name} tabIndex={tabIndex} />
      </div>
    </article>
  );
}
