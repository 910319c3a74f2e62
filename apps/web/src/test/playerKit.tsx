import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, Link } from 'react-router-dom';
import { vi } from 'vitest';
import { STORAGE_KEYS, type Song } from '@samaa/shared';
import { api } from '../api/client';
import PlayerPage from '../features/player/PlayerPage';
import { NowPlayingBar } from '../features/player/NowPlayingBar';
import { PlayerProvider } from '../features/player/PlayerProvider';

/** Test helpers for the player: our API faked at the axios boundary, media methods stubbed. */

export const song = (id: string, extra: Partial<Song> = {}): Song => ({
  _id: id,
  name: `Song ${id.toUpperCase()}`,
  artist: `Artist ${id.toUpperCase()}`,
  img: `/media/images/${id}.jpg`,
  song: `/media/audio/${id}.mp3`,
  ...extra,
});

export const CATALOGUE = ['a', 'b', 'c', 'd'].map((id) => song(id));

type GetHandler = (url: string, params: Record<string, unknown>) => unknown;

/** Replaces api.get: the handler returns the response body, or throws (e.g. an AxiosError). */
export function mockGet(handler: GetHandler) {
  return vi
    .spyOn(api, 'get')
    .mockImplementation(async (url: string, config?: { params?: unknown }) => {
      const data = await handler(url, (config?.params as Record<string, unknown>) ?? {});
      return { data, status: 200, statusText: 'OK', headers: {}, config: {} } as never;
    });
}

/** jsdom has no media playback: play/pause/load become spies. */
export function stubMedia() {
  const play = vi
    .spyOn(HTMLMediaElement.prototype, 'play')
    .mockImplementation(() => Promise.resolve());
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  return { play, pause, load };
}

export function signIn() {
  localStorage.setItem(STORAGE_KEYS.userAuthToken, 'user-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ _id: 'u1', name: 'Asha' }));
  localStorage.setItem(STORAGE_KEYS.isUserLoggedIn, 'true');
}

/** The listener area in miniature: the provider above the routes, the bar on every screen. */
export function renderPlayer(state?: unknown, rng?: () => number) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/player', state }]}>
      <PlayerProvider rng={rng}>
        <Routes>
          <Route path="/player" element={<PlayerPage />} />
          <Route
            path="/home"
            element={
              <>
                <h1>Home screen</h1>
                <input aria-label="Search songs" />
              </>
            }
          />
        </Routes>
        <Link to="/home">Go home</Link>
        <NowPlayingBar />
      </PlayerProvider>
    </MemoryRouter>,
  );
}

export const audioElement = () => screen.getByTestId<HTMLAudioElement>('player-audio');

/** Sets read-only media properties jsdom leaves at 0/NaN. */
export function setMedia(
  audio: HTMLMediaElement,
  props: { duration?: number; readyState?: number },
) {
  for (const [key, value] of Object.entries(props)) {
    Object.defineProperty(audio, key, { value, configurable: true });
  }
}
