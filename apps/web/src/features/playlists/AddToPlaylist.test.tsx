import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAYLIST_PAGE, type Playlist } from '@samaa/shared';
import { AddToPlaylist } from './AddToPlaylist';
import { deferred, mockApi, signInListener, type ApiMock } from '../../test/apiMock';

const playlists: Playlist[] = [
  { _id: 'p1', name: 'Road trip', desc: '', songs: [], user: 'u1' },
  { _id: 'p2', name: 'Focus', desc: '', songs: [], user: 'u1' },
];

let mock: ApiMock;
afterEach(() => mock?.restore());

async function openDropdown() {
  await userEvent.click(screen.getByRole('button', { name: 'Add Dawn to a playlist' }));
  return screen.getByRole('radiogroup', { name: 'Playlists' });
}

describe('AddToPlaylist', () => {
  it('checks the picked playlist and adds the song when the check is clicked', async () => {
    signInListener();
    mock = mockApi({
      'PUT /playlists/add-song': [200, { data: { _id: 'p2', songs: 1 }, message: 'Added' }],
    });
    render(<AddToPlaylist songId="s1" songName="Dawn" playlists={playlists} />);
    const list = await openDropdown();
    const focus = within(list).getByRole('radio', { name: /Focus/ });
    await userEvent.click(focus);
    expect(focus).toHaveAttribute('aria-checked', 'true');
    expect(focus.querySelector('svg')).not.toBeNull();
    expect(within(list).getByRole('radio', { name: /Road trip/ })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(mock.calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(mock.calls).toHaveLength(1));
    expect(mock.calls[0]?.body).toEqual({ playlistId: 'p2', songId: 's1' });
    expect(await screen.findByRole('status')).toHaveTextContent('Added to Focus');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('confirms the add only once the lists of playlists have been read again', async () => {
    signInListener();
    mock = mockApi({ 'PUT /playlists/add-song': [200, { data: { _id: 'p2', songs: 1 }, message: 'Added' }] });
    const reread = deferred<void>();
    const onAdded = vi.fn(() => reread.promise);
    render(<AddToPlaylist songId="s1" songName="Dawn" playlists={playlists} onAdded={onAdded} />);
    const list = await openDropdown();
    await userEvent.click(within(list).getByRole('radio', { name: /Focus/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    reread.resolve();
    expect(await screen.findByRole('status')).toHaveTextContent('Added to Focus');
  });

  it('ignores the check when no playlist was picked', async () => {
    signInListener();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    mock = mockApi({ 'PUT /playlists/add-song': [200, { data: { _id: playlists[0]!._id, songs: 1 } }] });
    render(<AddToPlaylist songId="s1" songName="Dawn" playlists={playlists} />);
    await openDropdown();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(mock.calls).toHaveLength(0);
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
    info.mockRestore();
  });

  it('shows the empty state when the user has no playlists', async () => {
    render(<AddToPlaylist songId="s1" songName="Dawn" playlists={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Dawn to a playlist' }));
    expect(screen.getByText('No playlists found.')).toBeInTheDocument();
  });

  it('offers "New playlist…" with none: creating it adds the song to it', async () => {
    signInListener();
    mock = mockApi({
      'POST /playlists': [201, { data: { _id: 'p9', name: 'Evenings', desc: '', img: '', songs: [], user: 'u1' } }],
      'PUT /playlists/add-song': [200, { data: { _id: 'p9', songs: 1 } }],
    });
    const onAdded = vi.fn();
    render(<AddToPlaylist songId="s1" songName="Dawn" playlists={[]} onAdded={onAdded} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Dawn to a playlist' }));
    await userEvent.click(screen.getByRole('button', { name: PLAYLIST_PAGE.newPlaylist }));
    const name = screen.getByRole('textbox', { name: PLAYLIST_PAGE.newPlaylistName });
    expect(name).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: PLAYLIST_PAGE.createAndAdd }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
    expect(mock.calls).toHaveLength(0);
    await userEvent.type(name, ' Evenings {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Added to Evenings');
    expect(mock.callsTo('POST /playlists')[0]?.body).toMatchObject({ name: 'Evenings' });
    expect(mock.callsTo('PUT /playlists/add-song')[0]?.body).toEqual({ playlistId: 'p9', songId: 's1' });
    expect(onAdded).toHaveBeenCalled();
  });

  it('keeps "New playlist…" beside the listener\'s playlists', async () => {
    render(<AddToPlaylist songId="s1" songName="Dawn" playlists={playlists} />);
    await openDropdown();
    expect(screen.getByRole('button', { name: PLAYLIST_PAGE.newPlaylist })).toBeInTheDocument();
  });

  it('keeps the pick and shows the error when the call fails', async () => {
    signInListener();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({ 'PUT /playlists/add-song': [404, { message: 'Playlist not found' }] });
    render(<AddToPlaylist songId="s1" songName="Dawn" playlists={playlists} />);
    const list = await openDropdown();
    await userEvent.click(within(list).getByRole('radio', { name: /Road trip/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Playlist not found')).toBeInTheDocument();
    expect(within(list).getByRole('radio', { name: /Road trip/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    logged.mockRestore();
  });
});

describe('AddToPlaylist from the keyboard', () => {
  it('opens into the list, picks with the arrows, confirms, and Escape gives focus back', async () => {
    signInListener();
    mock = mockApi({ 'PUT /playlists/add-song': [200, { data: { _id: 'p2', songs: 1 }, message: 'Added' }] });
    const user = userEvent.setup();
    render(<AddToPlaylist songId="s1" songName="Dawn" playlists={playlists} />);
    const toggle = screen.getByRole('button', { name: 'Add Dawn to a playlist' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: /Road trip/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}{ArrowDown}');
    const focus = screen.getByRole('radio', { name: /Focus/ });
    expect(focus).toHaveFocus();
    await user.keyboard(' ');
    expect(focus).toHaveAttribute('aria-checked', 'true');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(mock.callsTo('PUT /playlists/add-song')[0]?.body).toEqual({ playlistId: 'p2', songId: 's1' }));
  });
});
