import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Song } from '@samaa/shared';
import HomePage from './HomePage';
import { mockApi, signInListener, type ApiMock, type MockReply, type RecordedRequest } from '../../test/apiMock';
import { fireEvent } from '@testing-library/react';
import { renderWithRouter } from '../../test/renderWithRouter';
import { stubViewport } from '../../test/viewport';

const songs: Song[] = Array.from({ length: 10_000 }, (_, i) => ({
  _id: `s${i}`,
  name: `Song ${i}`,
  artist: `Artist ${i % 50}`,
  img: `/media/images/${i}.png`,
  song: `/media/audio/${i}.mp3`,
}));

let mock: ApiMock;
beforeEach(stubViewport);
afterEach(() => {
  mock?.restore();
  vi.restoreAllMocks();
});

/** GET /api/songs as the server answers it: the whole list, or a page with the total. */
function songsRoute({ params }: RecordedRequest): MockReply {
  const limit = Number(params.limit);
  const page = Number(params.page ?? 1);
  if (!limit) return [200, { data: songs }];
  return [200, { data: songs.slice((page - 1) * limit, page * limit), total: songs.length }];
}

function listenerApi() {
  return mockApi({
    'GET /songs': songsRoute,
    'GET /songs/like/ids': [200, { data: ['s1'] }],
    'GET /playlists/user-playlists': [
      200,
      { data: [{ _id: 'p1', name: 'Road trip', desc: '', songs: [], user: 'u1' }] },
    ],
  });
}

describe('HomePage', () => {
  it('welcomes the stored user and renders only the visible rows of 10,000 songs', async () => {
    signInListener();
    mock = listenerApi();
    renderWithRouter(<HomePage />, '/home');
    expect(screen.getByRole('heading', { name: 'Welcome, Asha!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const list = await screen.findByRole('list', { name: 'All songs' });
    const rows = list.querySelectorAll('[role="listitem"]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(screen.getByText('All songs · 10,000')).toBeInTheDocument();
  });

  it('reads only the first page, shows the total, and marks each row\'s place in the whole list', async () => {
    signInListener();
    mock = listenerApi();
    renderWithRouter(<HomePage />, '/home');
    const list = await screen.findByRole('list', { name: 'All songs' });
    expect(await screen.findByText('All songs · 10,000')).toBeInTheDocument();
    const first = list.querySelector('[role="listitem"]')!;
    expect(first).toHaveAttribute('aria-setsize', '10000');
    expect(first).toHaveAttribute('aria-posinset', '1');
    const asked = mock.callsTo('GET /songs').map((call) => call.params);
    expect(asked).toEqual([{ limit: 100, page: 1 }]);
  });

  it('fetches the page of the rows scrolled to, and only that page', async () => {
    signInListener();
    mock = listenerApi();
    renderWithRouter(<HomePage />, '/home');
    const list = await screen.findByRole('list', { name: 'All songs' });
    await screen.findByText('Song 0');
    // Jump to the end, as dragging the scroll bar does.
    list.scrollTop = 64 * 9_990;
    fireEvent.scroll(list);
    expect(await screen.findByText('Song 9999')).toBeInTheDocument();
    const last = screen.getByText('Song 9999').closest('[role="listitem"]')!;
    expect(last).toHaveAttribute('aria-posinset', '10000');
    const pages = mock.callsTo('GET /songs').map((call) => call.params.page);
    expect(pages).toEqual([1, 100]);
    expect(mock.callsTo('GET /songs').every((call) => call.params.limit === 100)).toBe(true);
  });

  it('shows each heart in its stored state', async () => {
    signInListener();
    mock = listenerApi();
    renderWithRouter(<HomePage />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like Song 1' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: 'Like Song 0' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('plays the page a song is on at once, from that song, and opens /player on it', async () => {
    signInListener();
    mock = listenerApi();
    renderWithRouter(<HomePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Play Song 3' }));
    expect(screen.getByTestId('player-state')).toHaveTextContent('null');
    expect(screen.getByTestId('player-track')).toHaveTextContent('Song 3');
    // The first page (100 songs) is the queue; nothing more was read to start it.
    expect(screen.getByTestId('player-queue').children).toHaveLength(100);
    expect(mock.callsTo('GET /songs')).toHaveLength(1);
  });

  it('says "Failed to fetch songs." when the songs cannot be loaded', async () => {
    signInListener();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = listenerApi();
    mock.on({ 'GET /songs': [503, { message: 'Service temporarily unavailable' }] });
    renderWithRouter(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.songsLoadFailedHome);
  });

  it('shows an empty state without songs', async () => {
    signInListener();
    mock = listenerApi();
    mock.on({ 'GET /songs': [200, { data: [] }] });
    renderWithRouter(<HomePage />);
    expect(await screen.findByText('No songs yet.')).toBeInTheDocument();
  });

  it('sends no listener calls without a stored token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = listenerApi();
    renderWithRouter(<HomePage />);
    await screen.findByRole('list', { name: 'All songs' });
    expect(logged).toHaveBeenCalledWith(MESSAGES.userNotAuthenticated);
    expect(mock.calls.map((c) => c.url)).toEqual(['/songs']);
  });
});
