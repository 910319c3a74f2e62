import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PlayerProvider } from '../features/player';
import { usePlayerState } from '../features/player/usePlayer';

const queueOf = (s: { playback: { tracks: { name: string }[] } }) => s.playback.tracks;

/** Shows what the player received: its navigation state, the queue and the track playing. */
function PlayerProbe() {
  const location = useLocation();
  const tracks = usePlayerState(queueOf);
  const track = usePlayerState((s) => s.track);
  return (
    <>
      <pre data-testid="player-state">{JSON.stringify(location.state)}</pre>
      <ol data-testid="player-queue">
        {tracks.map((t, i) => (
          <li key={i}>{t.name}</li>
        ))}
      </ol>
      <p data-testid="player-track">{track?.name ?? ''}</p>
    </>
  );
}

/**
 * Renders a screen at a path under a PlayerProvider (as the listener area has), with a /player
 * route that prints what the player was handed.
 */
export function renderWithRouter(ui: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlayerProvider>
        <Routes>
          <Route path="/player" element={<PlayerProbe />} />
          <Route path="*" element={ui} />
        </Routes>
      </PlayerProvider>
    </MemoryRouter>,
  );
}
