import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AlbumCard, AlbumDetail, PlacedSong } from '@samaa/shared';
import { PlayerProvider, usePlayerState } from '../player';
import { BROWSE_ROUTES } from './routes';

/** Test support: the browse pages at their routes, with what the player holds and where the listener is. */
function Probe() {
  const location = useLocation();
  const track = usePlayerState((s) => s.track);
  const queue = usePlayerState((s) => s.playback.tracks);
  return (
    <>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      <p data-testid="track">{track?.name ?? ''}</p>
      <p data-testid="queue">{queue.map((t) => t.name).join(',')}</p>
    </>
  );
}

export function renderBrowse(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlayerProvider>
        <Probe />
        <Suspense>
          <Routes>
            {BROWSE_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="/player" element={<p>Player page</p>} />
          </Routes>
        </Suspense>
      </PlayerProvider>
    </MemoryRouter>,
  );
}

export const albumCard = (n: number, extra: Partial<AlbumCard> = {}): AlbumCard => ({
  id: `al-${String(n).padStart(20, '0')}`,
  name: `Album ${n}`,
  artist: `Artist ${n}`,
  artistId: `ar-${String(n).padStart(20, '0')}`,
  year: 2000 + n,
  songCount: 3,
  duration: 600,
  image: `/media/images/a${n}.png`,
  ...extra,
});

export const placedSong = (n: number, album: AlbumCard): PlacedSong => ({
  _id: `s${n}`,
  name: `Track ${n}`,
  artist: album.artist,
  album: album.name,
  img: '/media/images/t.png',
  song: `/media/audio/t${n}.mp3`,
  duration: 200,
  trackNumber: n,
  albumId: album.id,
  artistId: album.artistId,
});

export const albumDetail = (album: AlbumCard, songs = 3): AlbumDetail => ({
  ...album,
  genre: 'Jazz',
  songCount: songs,
  duration: songs * 200,
  songs: Array.from({ length: songs }, (_, i) => placedSong(i + 1, album)),
});
