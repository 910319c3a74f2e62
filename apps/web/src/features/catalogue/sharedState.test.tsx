import { screen, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@samaa/shared';
import { ListenerShell } from '../../shells/ListenerShell';
import { mockApi, signInListener, TEST_USER, type ApiMock } from '../../test/apiMock';
import { stubMedia } from '../../test/playerKit';
import { dawn, dusk } from '../../test/songs';
import { stubViewport } from '../../test/viewport';

let mock: ApiMock | undefined;
// The shell's screens are lazy chunks, compiled on their first import: on a busy machine that
// alone outlasted the first wait for Home. Loaded here, so the test's waits are for the app.
beforeAll(async () => {
  await Promise.all([import('../home/HomePage'), import('../favourites/FavouritesPage'), import('../player/PlayerPage')]);
}, 60_000);
beforeEach(stubViewport);
afterEach(() => {
  mock?.restore();
  vi.restoreAllMocks();
});

/**
 * One server-state cache for the listener area: Home, Liked Songs and the Player share one
 * catalogue request per session, and a like made on one screen shows on the others at once.
 * Liked Songs alone reads the liked ids again on each visit.
 */
describe('listener screens share server state', () => {
  it('fetches the catalogue once and shows a like everywhere without a reload', async () => {
    signInListener();
    stubMedia();
    const liked = new Set<string>();
    mock = mockApi({
      'GET /songs': [200, { data: [dawn, dusk] }],
      'GET /songs/like/ids': () => [200, { data: [...liked] }],
      [`GET /songs/like/${TEST_USER._id}`]: () => [200, { data: [dawn, dusk].filter((s: Song) => liked.has(s._id)) }],
      'GET /playlists/user-playlists': [200, { data: [] }],
      'PUT /songs/like/s1': () => {
        const now = !liked.has('s1');
        if (now) liked.add('s1');
        else liked.delete('s1');
        return [200, { liked: now }];
      },
    });
    render(
      <MemoryRouter initialEntries={['/home']}>
        <ListenerShell />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const allSongs = await screen.findByRole('list', { name: 'All songs' });
    await user.click(await within(allSongs).findByRole('button', { name: 'Like Dawn' }));
    await waitFor(() => expect(within(allSongs).getByRole('button', { name: 'Like Dawn' })).toHaveAttribute('aria-pressed', 'true'));

    await user.click(screen.getByRole('link', { name: 'Liked Songs' }));
    const card = await screen.findByRole('article', { name: 'Dawn' });
    expect(screen.queryByRole('article', { name: 'Dusk' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Like Dawn' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Dawn' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('link', { name: 'Player' }));
    await screen.findByRole('heading', { name: /new releases/i });
    await user.click(screen.getByRole('link', { name: 'Home' }));
    const again = await screen.findByRole('list', { name: 'All songs' });
    expect(within(again).getByRole('button', { name: 'Like Dawn' })).toHaveAttribute('aria-pressed', 'false');

    expect(mock.callsTo('GET /songs')).toHaveLength(1);
    // Home's read, and Liked Songs' own on its visit (a like made in an app must show there).
    expect(mock.callsTo('GET /songs/like/ids')).toHaveLength(2);
  });
});
