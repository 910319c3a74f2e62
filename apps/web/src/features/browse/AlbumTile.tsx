import { Link } from 'react-router-dom';
import type { AlbumCard } from '@samaa/shared';
import { Cover } from './Cover';

/** An album in a grid: its cover and name lead to its page, its artist's name to the artist's. */
export function AlbumTile({ album }: { album: AlbumCard }) {
  return (
    <article className="album-tile" aria-label={album.name}>
      <Link to={`/albums/${album.id}`} className="album-tile__link">
        <Cover image={album.image} name={album.name} cssPx={260} className="album-tile__cover" />
        <span className="album-tile__name" title={album.name}>
          {album.name}
        </span>
      </Link>
      <Link to={`/artists/${album.artistId}`} className="album-tile__artist" title={album.artist}>
        {album.artist}
      </Link>
      {album.year !== undefined && <span className="album-tile__year">{album.year}</span>}
    </article>
  );
}
