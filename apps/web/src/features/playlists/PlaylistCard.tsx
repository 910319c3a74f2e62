import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { LABELS, type CardViewModel } from '@samaa/shared';
import { useCover } from '../../components/useCover';
import { CardMenu, type CardMenuItem } from '../../components/CardMenu';
import { PlayIcon } from '../../components/icons';
import './PlaylistCard.css';

export interface PlaylistCardProps {
  card: CardViewModel;
  onPlay(): void;
  /** Feed cards: a visible 'Listen Now' button under the name. */
  listenNow?: boolean;
  /** A click anywhere on the card plays (trending). */
  wholeCardPlays?: boolean;
  /** The options menu shown on hover or keyboard focus (own playlists). */
  menu?: CardMenuItem[];
  /** Where the card's name and cover lead (an own playlist's page). */
  to?: string;
}

/** About the widest a card's cover gets in the grids (PlaylistCard.css). */
const CARD_COVER_PX = 220;

export const songCountLabel = (total: number) => `${total} ${total === 1 ? 'song' : 'songs'}`;

/** One playlist card, whatever the source (own, Spotify, Saavn): image, name, song count. */
export function PlaylistCard({
  card,
  onPlay,
  listenNow = false,
  wholeCardPlays = false,
  menu,
  to,
}: PlaylistCardProps) {
  const cover = useCover(card.images[0]?.url, CARD_COVER_PX, card.name);
  const play = (event: MouseEvent) => {
    event.stopPropagation();
    onPlay();
  };

  return (
    <article
      className={wholeCardPlays ? 'pcard pcard--clickable' : to ? 'pcard pcard--linked' : 'pcard'}
      aria-label={card.name}
      onClick={wholeCardPlays ? onPlay : undefined}
    >
      <div className="pcard__cover">
        <img {...cover} alt="" loading="lazy" />
        <div className="pcard__overlay">
          <button
            type="button"
            className="pcard__play"
            aria-label={`Play ${card.name}`}
            onClick={play}
          >
            <PlayIcon />
          </button>
        </div>
      </div>
      <div className="pcard__meta">
        <div className="pcard__text">
          <h3 className="pcard__name" title={card.name}>
            {to ? (
              <Link className="pcard__link" to={to}>
                {card.name}
              </Link>
            ) : (
              card.name
            )}
          </h3>
          <p className="pcard__count">{songCountLabel(card.tracks.total)}</p>
        </div>
        {menu && menu.length > 0 && <CardMenu label={`Options for ${card.name}`} items={menu} />}
      </div>
      {listenNow && (
        <button type="button" className="btn btn--small pcard__listen" onClick={play}>
          {LABELS.listenNow}
        </button>
      )}
    </article>
  );
}
