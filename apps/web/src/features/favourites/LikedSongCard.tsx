import { useState } from 'react';
import type { Song } from '@samaa/shared';
import { mediaUrl } from '../../api/client';
import { coverPlaceholder } from '../../components/coverPlaceholder';
import { LikeButton } from '../../components/LikeButton';
import { PlayIcon } from '../../components/icons';

/** A liked song: image, name and artist; the cover plays it, the heart unlikes it. */
export function LikedSongCard({
  song,
  onPlay,
  onUnliked,
}: {
  song: Song;
  onPlay(): void;
  onUnliked(): void;
}) {
  const placeholder = coverPlaceholder(song.name);
  const [cover, setCover] = useState(mediaUrl(song.img) || placeholder);
  return (
    <article className="liked-card" aria-label={song.name}>
      <button
        type="button"
        className="liked-card__cover"
        aria-label={`Play ${song.name}`}
        onClick={onPlay}
      >
        <img src={cover} alt="" loading="lazy" onError={() => setCover(placeholder)} />
        <span className="liked-card__play">
          <PlayIcon />
        </span>
      </button>
      <div className="liked-card__body">
        <div className="liked-card__text">
          <h3 className="liked-card__name" title={song.name}>
            {song.name}
          </h3>
          <p className="liked-card__artist" title={song.artist}>
            {song.artist}
          </p>
        </div>
        <LikeButton
          songId={song._id}
          songName={song.name}
          liked
          onChange={(liked) => !liked && onUnliked()}
        />
      </div>
    </article>
  );
}
