import { Link } from 'react-router-dom';
import type { AlbumHit, ArtistHit } from '@samaa/shared';
import { coverSources } from '../../components/cover';
import { coverPlaceholder } from '../../components/coverPlaceholder';

const HIT_COVER_PX = 40;

function HitCover({ img, name }: { img?: string; name: string }) {
  const sources = img ? coverSources(img, HIT_COVER_PX) : { src: coverPlaceholder(name) };
  return <img className="search-panel__hit-cover" {...sources} alt="" loading="lazy" width={HIT_COVER_PX} height={HIT_COVER_PX} />;
}

const albumCountLabel = (count: number) => `${count} ${count === 1 ? 'album' : 'albums'}`;

/** Albums that match, each a link to its page (/albums/:id). */
export function AlbumHits({ albums }: { albums: AlbumHit[] }) {
  return (
    <section aria-label="Matching albums">
      <h3 className="search-panel__heading">Albums</h3>
      <ul className="search-panel__hits">
        {albums.map((album) => (
          <li key={album.id}>
            <Link className="search-panel__hit" to={`/albums/${encodeURIComponent(album.id)}`}>
              <HitCover img={album.img} name={album.name} />
              <span className="search-panel__hit-text">
                <span className="search-panel__hit-name">{album.name}</span>
                <span className="search-panel__count">
                  {album.artist}
                  {album.year ? ` · ${album.year}` : ''}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Artists that match, each a link to its page (/artists/:id). */
export function ArtistHits({ artists }: { artists: ArtistHit[] }) {
  return (
    <section aria-label="Matching artists">
      <h3 className="search-panel__heading">Artists</h3>
      <ul className="search-panel__hits">
        {artists.map((artist) => (
          <li key={artist.id}>
            <Link className="search-panel__hit" to={`/artists/${encodeURIComponent(artist.id)}`}>
              <HitCover img={artist.img} name={artist.name} />
              <span className="search-panel__hit-text">
                <span className="search-panel__hit-name">{artist.name}</span>
                <span className="search-panel__count">{albumCountLabel(artist.albumCount)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
