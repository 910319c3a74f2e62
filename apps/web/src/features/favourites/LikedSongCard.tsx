import type { Song } from '@samaa/shared';
import { LikeButton } from '../likes';
import { SongCoverButton } from '../../components/SongCoverButton';

/** About the widest a grid column gets (FavouritesPage.css). */
const LIKED_COVER_PX = 220;

/** A liked song: image, name and artist; the cover plays it, the heart unlikes it. */
export function LikedSongCard({
  song,
  onPlay,
}: {
  song: Song;
  onPlay(): void;
}) {
  return (
    <article className="liked-card" aria-label={song.name}>
      <SongCoverButton
        song={song}
        className="liked-card__cover"
        iconClassName="liked-card__play"
        onPlay={onPlay}
        cssPx={LIKED_COVER_PX}
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
        <LikeButton songId={song._id} songName={song.name} />
      </div>
    </article>
  );
}
