import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_LABELS, PLAYLIST_PAGE, QUEUE_LABELS, songOptionsLabel, type Playlist, type Song } from '@samaa/shared';
import PlaylistPage from './PlaylistPage';
import { usePlayerState } from '../player/usePlayer';
import { mockApi, signInListener, type ApiMock } from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';

const song = (id: string, duration = 120): Song => ({ _id: id, name: `Song ${id}`, artist: 'Asha', img: '', song: `/media/audio/${id}.mp3`, duration });
const handMade = (songs: Song[]): Playlist => ({ _id: 'p1', name: 'Road trip', desc: 'Long drives', img: '', songs, user: 'u1' });

let mock: ApiMock;
let stored: Playlist;
beforeEach(() => {
  signInListener();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  stored = handMade([song('a'), song('b'), song('c')]);
  mock = mockApi({
    'GET /playlists/p1': () => [200, { data: stored }],
    'GET /playlists/user-playlists': () => [200, { data: [stored] }],
    'PUT /playlists/remove-song': (req) => {
      const { songId } = req.body as { songId: string };
      stored = { ...stored, songs: stored.songs.filter((s) => s._id !== songId) };
      return [200, { data: stored }];
    },
    'PUT /playlists/move-song': (req) => {
      const { songId, to } = req.body as { songId: string; to: number };
      const moved = stored.songs.find((s) => s._id === songId)!;
      const rest = stored.songs.filter((s) => s !== moved);
      stored = { ...stored, songs: [...rest.slice(0, to), moved, ...rest.slice(to)] };
      return [200, { data: stored }];
    },
  });
});
afterEach(() => {
  mock.restore();
  vi.restoreAllMocks();
});

/** The names in the player's queue, beside the page. */
function QueueProbe() {
  const tracks = usePlayerState((s) => s.playback.tracks);
  return <p data-testid="queue-names">{tracks.map((t) => t.name).join(',')}</p>;
}

const renderPage = () =>
  renderWithRouter(
    <Routes>
      <Route
        path="/playlists/:id"
        element={
          <>
            <PlaylistPage />
            <QueueProbe />
          </>
        }
      />
      <Route path="/library" element={<p>Library page</p>} />
    </Routes>,
    '/playlists/p1',
  );
const rowNames = () => within(screen.getByRole('list', { name: PLAYLIST_PAGE.songs })).getAllByRole('listitem').map((row) => row.querySelector('.song-row__name')?.textContent);
const rowOf = (name: string) => screen.getAllByRole('listitem').find((row) => row.querySelector('.song-row__name')?.textContent === name)!;

async function chooseFromMenu(name: string, item: string) {
  await userEvent.click(within(rowOf(name)).getByRole('button', { name: songOptionsLabel(name) }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('PlaylistPage', () => {
  it('shows the cover, name, description, count and time, then the songs', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Road trip' })).toBeInTheDocument();
    expect(screen.getByText('Long drives')).toBeInTheDocument();
    expect(screen.getByText('3 songs · 6 min')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Song a', 'Song b', 'Song c']);
  });

  it('removes a song at once and sends the removal', async () => {
    renderPage();
    await screen.findByText('Song b');
    await chooseFromMenu('Song b', PLAYLIST_PAGE.removeFromPlaylist);
    expect(rowNames()).toEqual(['Song a', 'Song c']);
    await waitFor(() => expect(mock.callsTo('PUT /playlists/remove-song')).toHaveLength(1));
    expect(mock.callsTo('PUT /playlists/remove-song')[0]!.body).toEqual({ playlistId: 'p1', songId: 'b' });
    expect(await screen.findByText('2 songs · 4 min')).toBeInTheDocument();
  });

  it('moves a song down and up from its menu, focus staying on the moved row', async () => {
    renderPage();
    await screen.findByText('Song a');
    await chooseFromMenu('Song a', PLAYLIST_PAGE.moveDown);
    expect(rowNames()).toEqual(['Song b', 'Song a', 'Song c']);
    await waitFor(() => expect(rowOf('Song a')).toContainElement(document.activeElement as HTMLElement));
    expect(mock.callsTo('PUT /playlists/move-song')[0]!.body).toEqual({ playlistId: 'p1', songId: 'a', to: 1 });

    await chooseFromMenu('Song c', PLAYLIST_PAGE.moveUp);
    expect(rowNames()).toEqual(['Song b', 'Song c', 'Song a']);
    await waitFor(() => expect(rowOf('Song c')).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).toHaveAccessibleName(songOptionsLabel('Song c'));
  });

  it('leaves the focus of a listener who went on to another row’s menu before the moved row took it', async () => {
    renderPage();
    await screen.findByText('Song a');
    // The frame that hands the focus to the moved row comes only once Song c's menu is open.
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    await chooseFromMenu('Song a', PLAYLIST_PAGE.moveDown);
    await userEvent.click(within(rowOf('Song c')).getByRole('button', { name: songOptionsLabel('Song c') }));
    expect(await screen.findByRole('menuitem', { name: PLAYLIST_PAGE.moveUp })).toBeInTheDocument();
    raf.mockRestore();
    for (const frame of frames.splice(0)) frame(performance.now());
    await userEvent.click(screen.getByRole('menuitem', { name: PLAYLIST_PAGE.moveUp }));
    expect(rowNames()).toEqual(['Song b', 'Song c', 'Song a']);
  });

  it('offers no Move up on the first row and no Move down on the last', async () => {
    renderPage();
    await screen.findByText('Song a');
    await userEvent.click(within(rowOf('Song a')).getByRole('button', { name: songOptionsLabel('Song a') }));
    expect(await screen.findByRole('menuitem', { name: PLAYLIST_PAGE.moveDown })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: PLAYLIST_PAGE.moveUp })).not.toBeInTheDocument();
  });

  it('puts the order back and says so when the move fails', async () => {
    mock.on({ 'PUT /playlists/move-song': [500, { message: 'Internal server error' }] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await screen.findByText('Song a');
    await chooseFromMenu('Song a', PLAYLIST_PAGE.moveDown);
    expect(await screen.findByRole('alert')).toHaveTextContent(PLAYLIST_PAGE.moveFailed);
    expect(rowNames()).toEqual(['Song a', 'Song b', 'Song c']);
  });

  it('shows the empty state for a playlist without songs, Play disabled', async () => {
    stored = handMade([]);
    renderPage();
    expect(await screen.findByText(PLAYLIST_PAGE.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PLAYLIST_PAGE.play })).toBeDisabled();
  });

  it('shows "Review import" for an imported playlist only', async () => {
    const first = renderPage();
    await screen.findByText('Song a');
    expect(screen.queryByRole('link', { name: IMPORT_LABELS.review })).not.toBeInTheDocument();
    first.unmount();
    stored = { ...stored, imported: true };
    renderPage();
    expect(await screen.findByRole('link', { name: IMPORT_LABELS.review })).toHaveAttribute('href', '/library/import/p1');
  });

  it('says when the playlist is not there', async () => {
    mock.on({ 'GET /playlists/p1': [404, { message: 'Playlist not found' }] });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(PLAYLIST_PAGE.notFound);
    expect(screen.getByRole('link', { name: PLAYLIST_PAGE.back })).toHaveAttribute('href', '/library');
  });

  it('plays from a clicked row in place, and goes back to the Library after a delete', async () => {
    mock.on({ 'DELETE /playlists/p1': [200, { message: 'Playlist deleted successfully' }] });
    renderPage();
    await screen.findByText('Song b');
    await userEvent.click(within(rowOf('Song b')).getByRole('button', { name: 'Play Song b' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Road trip' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: PLAYLIST_PAGE.delete }));
    expect(await screen.findByText('Library page')).toBeInTheDocument();
  });

  it('adds the whole playlist after the song playing, or at the end of the queue', async () => {
    renderPage();
    await screen.findByText('Song b');
    await userEvent.click(within(rowOf('Song a')).getByRole('button', { name: 'Play Song a' }));
    const names = () => screen.getByTestId('queue-names').textContent;
    expect(names()).toBe('Song a,Song b,Song c');
    await userEvent.click(screen.getByRole('button', { name: QUEUE_LABELS.playNext }));
    expect(names()).toBe('Song a,Song a,Song b,Song c,Song b,Song c');
    await userEvent.click(screen.getByRole('button', { name: QUEUE_LABELS.addToQueue }));
    expect(names()).toBe('Song a,Song a,Song b,Song c,Song b,Song c,Song a,Song b,Song c');
  });
});
