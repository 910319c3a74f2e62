import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** Shows the navigation state the player received, so tests can read where a click led. */
function PlayerProbe() {
  const location = useLocation();
  return <pre data-testid="player-state">{JSON.stringify(location.state)}</pre>;
}

/** Renders a screen at a path, with a /player route that prints its navigation state. */
export function renderWithRouter(ui: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/player" element={<PlayerProbe />} />
        <Route path="*" element={ui} />
      </Routes>
    </MemoryRouter>,
  );
}
