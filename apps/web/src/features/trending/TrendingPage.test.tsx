import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, trendingError } from '@samaa/shared';
import TrendingPage from './TrendingPage';
import { mockApi, signInListener, type ApiMock } from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';

let mock: ApiMock;
afterEach(() => {
  mock.restore();
  vi.restoreAllMocks();
});

describe('TrendingPage', () => {
  it('lists trending playlists and opens the player on a click', async () => {
    signInListener();
    mock = mockApi({
      'GET /saavn/search/playlists': [
        200,
        {
          success: true,
          data: { results: [{ id: 't1', name: 'Trending Now', songCount: 40, image: [] }] },
        },
      ],
    });
    renderWithRouter(<TrendingPage />, '/trending');
    expect(screen.getByRole('heading', { name: 'Trending Playlists' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const card = await screen.findByRole('article', { name: 'Trending Now' });
    expect(mock.callsTo('GET /saavn/search/playlists')[0]?.params).toEqual({ query: 'trending playlists' });
    await userEvent.click(card);
    expect(JSON.parse(screen.getByTestId('player-state').textContent ?? '')).toEqual({
      source: 'saavn',
      id: 't1',
    });
  });

  it('says "No trending playlists found." when empty', async () => {
    mock = mockApi({
      'GET /saavn/search/playlists': [200, { success: true, data: { results: [] } }],
    });
    renderWithRouter(<TrendingPage />);
    expect(await screen.findByText(MESSAGES.noTrending)).toBeInTheDocument();
  });

  it('uses the trending failure messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({
      'GET /saavn/search/playlists': [502, { message: 'The music service is unavailable' }],
    });
    const first = renderWithRouter(<TrendingPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      trendingError('The music service is unavailable'),
    );
    first.unmount();

    mock.on({ 'GET /saavn/search/playlists': [200, { success: false }] });
    renderWithRouter(<TrendingPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.trendingFailed);
  });
});
