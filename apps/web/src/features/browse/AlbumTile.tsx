import { Link } from 'react-router-dom';
import type { AlbumCard } from '@samaa/shared';
import { Cover } from './Cover';
import '../../components/tile.css';

/**
 * An album in a grid: its cover and name lead to its page, its artist's name to the artist's.
 * `tabbable` false: a card of a grid that is not its Tab stop (the arrow keys reach it).
 */
export function AlbumTile({ album, tabbable = true }: { album: AlbumCard; tabbable?: boolean }) {
  const tabIndex = tabbable ? undefined : -1;
  return (
    <article className="tile album-tile" aria-label={album.name}>
      <Link to={`/albums/${album.id}`} className="album-tile__link" tabIndex={tabIndex}>
        <Cover image={album.image} name={album.name} cssPx={260} className="album-tile__cover" />
        <span className="album-tile__name" title={album.name}>
          {album.name}
        </span>
      </Link>
      <Link to={`/artists/${album.artistId}`} className="album-tile__artist" title={album.artist} tabIndex={tabIndex}>
        {album.artist}
      </Link>
      {album.year !== undefined && <span className="album-tile__year">{album.year}</span>}
    </article>
  );
}
