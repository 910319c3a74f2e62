import { Profiler } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualSongList } from '../../components/VirtualSongList';
import { Sidebar } from '../../shells/Sidebar';
import { NowPlayingBar } from './NowPlayingBar';
import PlayerPage from './PlayerPage';
import { PlayerProvider } from './PlayerProvider';
import { audioElement, CATALOGUE, mockGet, setMedia, stubMedia } from '../../test/playerKit';

const renders = vi.hoisted(() => ({ queue: 0 }));

// The queue sits inside /player, out of a Profiler's reach from here: count its renders.
vi.mock('./QueueList', async (importOriginal) => {
  const real = await importOriginal<typeof import('./QueueList')>();
  return {
    ...real,
    QueueList: () => {
      renders.queue += 1;
      return real.QueueList({});
    },
  };
});

const counts: Record<string, number> = {};
const count = (id: string) => {
  counts[id] = (counts[id] ?? 0) + 1;
};

function Listener() {
  return (
    <MemoryRouter initialEntries={[{ pathname: '/player', state: { songId: 'b' } }]}>
      <PlayerProvider>
        <Profiler id="sidebar" onRender={count}>
          <Sidebar
            links={[
              { to: '/home', label: 'Home' },
              { to: '/player', label: 'Player' },
            ]}
          />
        </Profiler>
        <Routes>
          <Route path="/player" element={<PlayerPage />} />
          <Route
            path="/home"
            element={
              <Profiler id="songs" onRender={count}>
                <VirtualSongList count={CATALOGUE.length} songAt={(i) => CATALOGUE[i]} label="All songs" renderRow={(s) => s.name} />
              </Profiler>
            }
          />
        </Routes>
        <Link to="/home">Go home</Link>
        <NowPlayingBar />
      </PlayerProvider>
    </MemoryRouter>
  );
}

beforeEach(() => {
  stubMedia();
  mockGet(() => ({ data: CATALOGUE }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** One progress tick of the engine, with the audio 30 s further on. */
function tick(seconds: number) {
  audioElement().currentTime = seconds;
  act(() => {
    vi.advanceTimersByTime(1000);
  });
}

describe('a progress tick', () => {
  it('re-renders what shows the position, not the song list, the sidebar or the queue', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    render(<Listener />);
    await screen.findByRole('heading', { level: 1, name: 'Song B' });
    const audio = audioElement();
    setMedia(audio, { duration: 200, readyState: 4 });
    fireEvent(audio, new Event('canplaythrough'));
    await act(async () => {}); // the page settles (the consumed navigation state, the catalogue)
    const before = { queue: renders.queue, sidebar: counts.sidebar ?? 0 };
    expect(before.queue).toBeGreaterThan(0);
    tick(30);
    tick(60);
    expect(screen.getByTestId('elapsed-time')).toHaveTextContent('1:00');
    expect(renders.queue).toBe(before.queue);
    expect(counts.sidebar ?? 0).toBe(before.sidebar);

    fireEvent.click(screen.getByRole('link', { name: 'Go home' }));
    await screen.findByRole('list', { name: 'All songs' });
    const onHome = { songs: counts.songs ?? 0, sidebar: counts.sidebar ?? 0 };
    expect(onHome.songs).toBeGreaterThan(0);
    const progress = within(screen.getByTestId('now-playing')).getByRole('progressbar');
    tick(100);
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    tick(150);
    expect(progress).toHaveAttribute('aria-valuenow', '75');
    expect(counts.songs).toBe(onHome.songs);
    expect(counts.sidebar ?? 0).toBe(onHome.sidebar);
  });
});
