import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, categoryError, categoryFailed, type SaavnPlaylist } from '@samaa/shared';
import FeedPage from './FeedPage';
import {
  deferred,
  mockApi,
  signInListener,
  type ApiMock,
  type MockReply,
} from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';

const playlist = (id: string, name: string, songCount = 20): SaavnPlaylist => ({
  id,
  name,
  songCount,
  image: [
    { quality: '50x50', url: `https://c.saavncdn.com/${id}-50.jpg` },
    { quality: '150x150', url: `https://c.saavncdn.com/${id}-150.jpg` },
    { quality: '500x500', url: `https://c.saavncdn.com/${id}-500.jpg` },
  ],
});

/** The Saavn proxy answers each query with one playlist named after it. */
const byQuery = ({ params }: { params: Record<string, unknown> }): MockReply => [
  200,
  {
    success: true,
    data: { results: [playlist(`id-${String(params.query)}`, `${String(params.query)} Hits`, 25)] },
  },
];

let mock: ApiMock;
beforeEach(() => {
  signInListener();
  mock = mockApi({ 'GET /saavn/search/playlists': byQuery });
});
afterEach(() => {
  mock.restore();
  vi.restoreAllMocks();
});

const queries = () => mock.callsTo('GET /saavn/search/playlists').map((c) => c.params.query);

describe('FeedPage', () => {
  it('shows every genre and OLD IS GOLD tile and loads Pop on open', async () => {
    renderWithRouter(<FeedPage />, '/feed');
    const genres = screen.getByRole('list', { name: 'Genres' });
    expect(
      within(genres)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pop', 'Chill', 'Sad', 'Lofi', 'Romantic', 'Party', 'Workout', 'Focus', 'Sleep']);
    expect(screen.getByRole('heading', { name: 'OLD IS GOLD' })).toBeInTheDocument();
    const decades = screen.getByRole('list', { name: 'OLD IS GOLD' });
    expect(
      within(decades)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Golden age of 20s', '90s', '80s', '70s']);
    const card = await screen.findByRole('article', { name: 'Pop Hits' });
    expect(within(card).getByText('25 songs')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Listen Now' })).toBeInTheDocument();
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      'https://c.saavncdn.com/id-Pop-500.jpg',
    );
    expect(queries()).toEqual(['Pop']);
    expect(screen.getByRole('button', { name: 'Pop' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches tiles, and the decade tiles search 2000s, 1990s, 1980s and 1970s', async () => {
    renderWithRouter(<FeedPage />);
    await screen.findByRole('article', { name: 'Pop Hits' });
    await userEvent.click(screen.getByRole('button', { name: 'Lofi' }));
    expect(await screen.findByRole('article', { name: 'Lofi Hits' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Pop Hits' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lofi' })).toHaveAttribute('aria-pressed', 'true');

    for (const [tile, query] of [
      ['Golden age of 20s', '2000s'],
      ['90s', '1990s'],
      ['80s', '1980s'],
      ['70s', '1970s'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: tile }));
      expect(await screen.findByRole('article', { name: `${query} Hits` })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: tile })).toBeInTheDocument();
    }
    expect(queries()).toEqual(['Pop', 'Lofi', '2000s', '1990s', '1980s', '1970s']);
  });

  it('keeps the last tile when an earlier answer arrives late', async () => {
    const slowPop = deferred<MockReply>();
    mock.on({
      'GET /saavn/search/playlists': (req) =>
        req.params.query === 'Pop' ? slowPop.promise : byQuery(req),
    });
    renderWithRouter(<FeedPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Sad' }));
    await screen.findByRole('article', { name: 'Sad Hits' });
    slowPop.resolve(byQuery({ params: { query: 'Pop' } }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('article', { name: 'Pop Hits' })).not.toBeInTheDocument();
  });

  it('opens the player on Listen Now', async () => {
    renderWithRouter(<FeedPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Listen Now' }));
    expect(JSON.parse(screen.getByTestId('player-state').textContent ?? '')).toEqual({
      source: 'saavn',
      id: 'id-Pop',
    });
  });

  it('uses the category failure messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock.on({ 'GET /saavn/search/playlists': [200, { success: false }] });
    renderWithRouter(<FeedPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(categoryFailed('Pop'));

    mock.on({
      'GET /saavn/search/playlists': [502, { message: 'The music service is unavailable' }],
    });
    await userEvent.click(screen.getByRole('button', { name: '80s' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        categoryError('1980s', 'The music service is unavailable'),
      ),
    );
  });

  it('shows an empty state for a category without playlists', async () => {
    mock.on({ 'GET /saavn/search/playlists': [200, { success: true, data: { results: [] } }] });
    renderWithRouter(<FeedPage />);
    expect(await screen.findByText(MESSAGES.noPlaylists)).toBeInTheDocument();
  });
});
