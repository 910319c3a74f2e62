import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Playlist, type Song } from '@samaa/shared';
import { MemoryRouter } from 'react-router-dom';
import { SearchPanel } from './SearchPanel';
import { deferred, mockApi, signInListener, type ApiMock, type MockReply } from '../../test/apiMock';
import { dawn } from '../../test/songs';

const mix: Playlist = { _id: 'p1', name: 'Dawn mix', desc: '', songs: [dawn], user: 'u1' };

function Harness(props: { onPlaySong?(songs: Song[], index: number): void; onPlayPlaylist?(p: Playlist): void }) {
  // Song rows link to their album and artist pages: the panel lives under a router.
  return (
    <MemoryRouter>
      <SearchPanel
        onPlaySong={props.onPlaySong ?? (() => {})}
        onPlayPlaylist={props.onPlayPlaylist ?? (() => {})}
        playlists={[]}
      />
    </MemoryRouter>
  );
}

let mock: ApiMock;
afterEach(() => mock?.restore());

describe('SearchPanel', () => {
  it('disables the button while the query is empty and while a search runs', async () => {
    signInListener();
    const reply = deferred<MockReply>();
    mock = mockApi({ 'GET /search': () => reply.promise });
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search songs' }), '   ');
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByRole('searchbox'), 'dawn');
    expect(button).toBeEnabled();

    await userEvent.click(button);
    expect(button).toHaveTextContent('Searching...');
    expect(button).toBeDisabled();
    expect(screen.queryByText(MESSAGES.noResults)).not.toBeInTheDocument();
    expect(mock.calls[0]?.params).toEqual({ search: 'dawn' });

    reply.resolve([200, { songs: [dawn], playlists: [mix] }]);
    // Exactly 'Search': 'Searching...' contains it too.
    await waitFor(() => expect(button).toHaveTextContent(/^Search$/));
    expect(button).toBeEnabled();
    expect(
      within(screen.getByRole('region', { name: 'Matching songs' })).getByText('Dawn'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play playlist Dawn mix' })).toHaveTextContent(
      '1 song',
    );
  });

  it('shows "No results found." only after a search that matched nothing', async () => {
    signInListener();
    mock = mockApi({ 'GET /search': [200, { songs: [], playlists: [] }] });
    render(<Harness />);
    expect(screen.queryByText(MESSAGES.noResults)).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'zzz{Enter}');
    expect(await screen.findByText(MESSAGES.noResults)).toBeInTheDocument();
  });

  it('plays and likes results like the main list', async () => {
    signInListener();
    mock = mockApi({
      'GET /search': [200, { songs: [dawn], playlists: [mix] }],
      'GET /songs/like/ids': [200, { data: [] }],
      'PUT /songs/like/s1': [200, { liked: true }],
    });
    const onPlaySong = vi.fn();
    const onPlayPlaylist = vi.fn();
    render(<Harness onPlaySong={onPlaySong} onPlayPlaylist={onPlayPlaylist} />);
    await userEvent.type(screen.getByRole('searchbox'), 'dawn{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Play Dawn' }));
    expect(onPlaySong).toHaveBeenCalledWith([dawn], 0);
    await userEvent.click(screen.getByRole('button', { name: 'Play playlist Dawn mix' }));
    expect(onPlayPlaylist).toHaveBeenCalledWith(mix);
    const heart = screen.getByRole('button', { name: 'Like Dawn' });
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
  });

  it('shows the server message when the search fails', async () => {
    signInListener();
    mock = mockApi({ 'GET /search': [400, { message: '"search" is not allowed to be empty' }] });
    render(<Harness />);
    await userEvent.type(screen.getByRole('searchbox'), 'x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"search" is not allowed to be empty',
    );
    expect(screen.queryByText(MESSAGES.noResults)).not.toBeInTheDocument();
  });

  it('logs and sends nothing without a stored token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({ 'GET /search': [200, { songs: [], playlists: [] }] });
    render(<Harness />);
    await userEvent.type(screen.getByRole('searchbox'), 'dawn{Enter}');
    expect(logged).toHaveBeenCalledWith(MESSAGES.userNotAuthenticated);
    expect(mock.calls).toHaveLength(0);
    logged.mockRestore();
  });
});
