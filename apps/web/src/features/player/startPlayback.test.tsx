import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@samaa/shared';
import { renderWithRouter } from '../../test/renderWithRouter';
import { mockGet, song, stubMedia } from '../../test/playerKit';
import { useStartPlayback, type PlaybackSource } from './startPlayback';

beforeEach(() => {
  stubMedia();
});
afterEach(() => vi.restoreAllMocks());

function PlayButton({ songs, index, source }: { songs: Song[]; index: number; source?: PlaybackSource }) {
  const startPlayback = useStartPlayback();
  return (
    <button type="button" onClick={() => startPlayback(songs, index, source)}>
      Play
    </button>
  );
}

const queue = () => [...screen.getByTestId('player-queue').children].map((item) => item.textContent);

describe('startPlayback', () => {
  it('plays the songs handed to it from the index, with no request, and opens /player without state', async () => {
    const get = mockGet(() => {
      throw new Error('no request expected');
    });
    renderWithRouter(<PlayButton songs={[song('x'), song('y')]} index={1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('player-state')).toHaveTextContent('null');
    expect(screen.getByTestId('player-track')).toHaveTextContent('Song Y');
    expect(queue()).toEqual(['Song X', 'Song Y']);
    expect(get).not.toHaveBeenCalled();
  });

  it("a page of the catalogue reads the next page near the queue's end and appends it", async () => {
    const get = mockGet((url, params) => {
      if (url === '/songs' && params.page === 2 && params.limit === 3) return { data: ['d', 'e', 'f'].map((id) => song(id)), total: 6 };
      throw new Error(`unexpected GET ${url} ${JSON.stringify(params)}`);
    });
    const page1 = ['a', 'b', 'c'].map((id) => song(id));
    renderWithRouter(<PlayButton songs={page1} index={2} source={{ kind: 'catalogue', page: 1, pageSize: 3, total: 6 }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('player-track')).toHaveTextContent('Song C');
    await waitFor(() => expect(queue()).toEqual(['Song A', 'Song B', 'Song C', 'Song D', 'Song E', 'Song F']));
    expect(get).toHaveBeenCalledTimes(1);
  });
});
