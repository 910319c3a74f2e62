import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@samaa/shared';
import FavouritesPage from './FavouritesPage';
import { LIKE_FAILED } from '../likes/LikeButton';
import { LIKE_KEYS } from '../likes/likeQueries';
import { queryClient } from '../../api/queryClient';
import {
  deferred,
  mockApi,
  signInListener,
  type ApiMock,
  type MockReply,
} from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';
import { dawn, dusk } from '../../test/songs';
import { stubViewport } from '../../test/viewport';

let mock: ApiMock;
beforeEach(stubViewport);
afterEach(() => {
  mock.restore();
  vi.restoreAllMocks();
});

describe('FavouritesPage', () => {
  it('reads "Liked Songs Loading..." while loading, then shows the cards', async () => {
    signInListener();
    const reply = deferred<MockReply>();
    mock = mockApi({ 'GET /songs/like/u1': () => reply.promise });
    renderWithRouter(<FavouritesPage />, '/favourites');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Liked Songs Loading...');
    reply.resolve([200, { data: [dawn, dusk] }]);
    const card = await screen.findByRole('article', { name: 'Dawn' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Liked Songs$/);
    expect(within(card).getByText('Asha')).toBeInTheDocument();
    // The server's resized copy for the card's width (components/cover.ts).
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      `${window.location.origin}/media/images/dawn.png?size=300`,
    );
    expect(within(card).getByRole('button', { name: 'Like Dawn' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(mock.calls[0]?.headers.get('x-auth-token')).toBe('user-token');
  });

  it('reads the liked songs a page at a time, the next one when the grid reaches its end', async () => {
    signInListener();
    const many = Array.from({ length: 250 }, (_, i) => ({ ...dawn, _id: `l${i}`, name: `Liked ${i}` }));
    mock = mockApi({
      'GET /songs/like/u1': ({ params }) => {
        const page = Number(params.page);
        const limit = Number(params.limit);
        return [200, { data: many.slice((page - 1) * limit, page * limit), total: many.length }];
      },
      'GET /songs/like/ids': [200, { data: many.map((song) => song._id) }],
    });
    renderWithRouter(<FavouritesPage />, '/favourites');
    const grid = await screen.findByRole('list', { name: 'Liked Songs' });
    await screen.findByRole('article', { name: 'Liked 0' });
    const first = within(grid).getAllByRole('listitem')[0]!;
    expect(first).toHaveAttribute('aria-setsize', '250');
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(mock.callsTo('GET /songs/like/u1').map((call) => call.params)).toEqual([{ limit: 100, page: 1 }]);

    // 800 px wide: three cards a row, 363 px each; the first page ends on row 34.
    grid.scrollTop = 363 * 33;
    fireEvent.scroll(grid);
    await waitFor(() => expect(mock.callsTo('GET /songs/like/u1').map((call) => call.params.page)).toEqual([1, 2]));
    expect(await screen.findByRole('article', { name: 'Liked 101' })).toBeInTheDocument();
  });

  it('says "No liked songs found." when there are none', async () => {
    signInListener();
    mock = mockApi({ 'GET /songs/like/u1': [200, { data: [] }] });
    renderWithRouter(<FavouritesPage />);
    expect(await screen.findByText(MESSAGES.noLikedSongs)).toBeInTheDocument();
  });

  it('shows "Error: {message}" with the server message or the fallback', async () => {
    signInListener();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({
      'GET /songs/like/u1': [403, { message: "You don't have access to this content." }],
    });
    const first = renderWithRouter(<FavouritesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Error: You don't have access to this content.",
    );
    first.unmount();

    mock.on({ 'GET /songs/like/u1': [500, 'not json'] });
    renderWithRouter(<FavouritesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Error: ${MESSAGES.likedSongsFailed}`,
    );
  });

  it('plays the liked songs shown from its card, at once', async () => {
    signInListener();
    mock = mockApi({ 'GET /songs/like/u1': [200, { data: [dawn] }] });
    renderWithRouter(<FavouritesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Play Dawn' }));
    expect(screen.getByTestId('player-state')).toHaveTextContent('null');
    expect(screen.getByTestId('player-track')).toHaveTextContent('Dawn');
    expect(screen.getByTestId('player-queue').children).toHaveLength(1);
  });

  it('shows a song liked elsewhere after the hearts read their ids (a Subsonic app star)', async () => {
    signInListener();
    mock = mockApi({
      'GET /songs/like/u1': [200, { data: [dusk] }],
      'GET /songs/like/ids': [200, { data: ['s2'] }],
    });
    // What the hearts of an earlier screen read, before the app starred Dusk.
    queryClient.setQueryData(LIKE_KEYS.ids, new Set<string>());
    renderWithRouter(<FavouritesPage />);
    expect(await screen.findByRole('article', { name: 'Dusk' })).toBeInTheDocument();
  });

  it('removes a card when the song is unliked, keeps it when the call fails', async () => {
    signInListener();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({
      'GET /songs/like/u1': [200, { data: [dawn, dusk] }],
      'PUT /songs/like/s2': [500, { message: 'Internal server error' }],
      'PUT /songs/like/s1': [200, { message: 'Unliked', liked: false }],
    });
    renderWithRouter(<FavouritesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Like Dusk' }));
    await waitFor(() => expect(mock.callsTo('PUT /songs/like/s2')).toHaveLength(1));
    // The unlike failed: the card comes back, with a message.
    expect(await screen.findByRole('alert')).toHaveTextContent(LIKE_FAILED);
    expect(await screen.findByRole('article', { name: 'Dusk' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Like Dawn' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Dawn' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Dusk' })).toBeInTheDocument();
  });

  it('says the unlike failed when the refusal comes after the card has left', async () => {
    signInListener();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = deferred<MockReply>();
    mock = mockApi({
      'GET /songs/like/u1': [200, { data: [dawn, dusk] }],
      'PUT /songs/like/s2': () => refusal.promise,
    });
    renderWithRouter(<FavouritesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Like Dusk' }));
    // The card leaves at once, its heart with it; the server answers only then.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Dusk' })).not.toBeInTheDocument());
    refusal.resolve([500, { message: 'Internal server error' }]);
    const card = await screen.findByRole('article', { name: 'Dusk' });
    expect(await within(card).findByRole('alert')).toHaveTextContent(LIKE_FAILED);
    expect(within(card).getByRole('button', { name: 'Like Dusk' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('logs "User not authenticated" and sends nothing without a token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('user', JSON.stringify({ _id: 'u1', name: 'Asha' }));
    mock = mockApi({ 'GET /songs/like/u1': [200, { data: [dawn] }] });
    renderWithRouter(<FavouritesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Error: ${MESSAGES.likedSongsFailed}`,
    );
    expect(logged).toHaveBeenCalledWith(MESSAGES.userNotAuthenticated);
    expect(mock.calls).toHaveLength(0);
  });
});
