import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_LABELS, LABELS, MESSAGES, SHARE_MESSAGES, userPlaylistsError, type Playlist } from '@samaa/shared';
import LibraryPage from './LibraryPage';
import { mockApi, signInListener, type ApiMock } from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';
import * as spotify from '../spotify/spotify';

vi.mock('../spotify/spotify', () => ({
  isSpotifyConfigured: vi.fn(async () => false),
  startSpotifyLogin: vi.fn(async () => {}),
  completeSpotifyLogin: vi.fn(async () => false),
  fetchSpotifyPlaylists: vi.fn(async () => []),
}));

// The upload component belongs to the media feature; here it only has to hand back a URL.
vi.mock('../upload/FileUpload', () => ({
  FileUpload: ({ label, onUploaded }: { label: string; onUploaded(r: { url: string }): void }) => (
    <button type="button" onClick={() => onUploaded({ url: '/media/images/cover.png' })}>
      {`Upload ${label}`}
    </button>
  ),
}));

const song = { _id: 's1', name: 'Dawn', artist: 'Asha', img: '', song: '' };
const roadTrip: Playlist = {
  _id: 'p1',
  name: 'Road trip',
  desc: 'Long drives',
  img: '',
  songs: [song, { ...song, _id: 's2' }],
  user: 'u1',
};
const focus: Playlist = {
  _id: 'p2',
  name: 'Focus',
  desc: '',
  img: '/media/images/focus.png',
  songs: [],
  user: 'u1',
};

let mock: ApiMock;
let playlists: Playlist[];
beforeEach(() => {
  signInListener();
  playlists = [roadTrip, focus];
  mock = mockApi({ 'GET /playlists/user-playlists': () => [200, { data: playlists }] });
});
afterEach(() => {
  mock.restore();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const cardOf = (name: string) => screen.getByRole('article', { name });

describe('LibraryPage: own playlists', () => {
  it('is titled Library and has the three buttons', async () => {
    renderWithRouter(<LibraryPage />, '/library');
    expect(screen.getByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    for (const name of ['Samma Playlist', 'Fetch Playlists from Spotify', 'Create Playlist']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await screen.findByRole('article', { name: 'Road trip' });
  });

  it('shows "No playlists found." when the user has none', async () => {
    playlists = [];
    renderWithRouter(<LibraryPage />);
    expect(await screen.findByText(MESSAGES.noPlaylists)).toBeInTheDocument();
  });

  it('shows cards with image or placeholder, name and the true song count', async () => {
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Road trip' });
    expect(within(cardOf('Road trip')).getByText('2 songs')).toBeInTheDocument();
    expect(within(cardOf('Focus')).getByText('0 songs')).toBeInTheDocument();
    const [placeholder] = cardOf('Road trip').getElementsByTagName('img');
    expect(placeholder?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const [image] = cardOf('Focus').getElementsByTagName('img');
    expect(image?.getAttribute('src')).toBe(`${window.location.origin}/media/images/focus.png?size=300`);
  });

  it('plays a playlist from its card', async () => {
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Road trip' });
    await userEvent.click(screen.getByRole('button', { name: 'Play Road trip' }));
    expect(JSON.parse(screen.getByTestId('player-state').textContent ?? '')).toEqual({
      source: 'samma',
      id: 'p1',
    });
  });

  it('shows the failure messages when the playlists cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock.on({ 'GET /playlists/user-playlists': [500, { message: 'Internal server error' }] });
    renderWithRouter(<LibraryPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      userPlaylistsError('Internal server error'),
    );

    mock.on({ 'GET /playlists/user-playlists': [200, { data: null }] });
    await userEvent.click(screen.getByRole('button', { name: 'Samma Playlist' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.userPlaylistsFailed),
    );
  });

  it('deletes a playlist: the card goes on 200, stays on failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock.on({ 'DELETE /playlists/p2': [500, { message: 'Internal server error' }] });
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Focus' });
    await userEvent.click(screen.getByRole('button', { name: 'Options for Focus' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Playlist' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(cardOf('Focus')).toBeInTheDocument();

    mock.on({ 'DELETE /playlists/p2': [200, { message: 'Playlist deleted' }] });
    await userEvent.click(screen.getByRole('button', { name: 'Options for Focus' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Playlist' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Focus' })).not.toBeInTheDocument(),
    );
    expect(cardOf('Road trip')).toBeInTheDocument();
    expect(mock.callsTo('DELETE /playlists/p2')).toHaveLength(2);
  });
});

describe('LibraryPage: create and edit forms', () => {
  it('creates a playlist: the form replaces the list, reports, and closes 1 s later', async () => {
    mock.on({
      'POST /playlists': (req) => {
        const created = { ...(req.body as Playlist), _id: 'p3', songs: [] };
        playlists = [...playlists, created];
        return [201, { data: created, message: 'Playlist created' }];
      },
    });
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Road trip' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Playlist' }));
    expect(screen.queryByRole('article', { name: 'Road trip' })).not.toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Create Playlist' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Night drive');
    await userEvent.type(within(form).getByLabelText('Description'), 'After dark');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload Image' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText(MESSAGES.formSubmitted)).toBeInTheDocument();
    expect(mock.callsTo('POST /playlists')[0]?.body).toEqual({
      name: 'Night drive',
      desc: 'After dark',
      img: '/media/images/cover.png',
      user: 'u1',
    });
    expect(screen.getByRole('region', { name: 'Create Playlist' })).toBeInTheDocument();
    expect(
      await screen.findByRole('article', { name: 'Night drive' }, { timeout: 2500 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Create Playlist' })).not.toBeInTheDocument();
  });

  it('shows the error text when creating fails, and closes as well', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock.on({ 'POST /playlists': [400, { message: '"name" is not allowed to be empty' }] });
    renderWithRouter(<LibraryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Playlist' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MESSAGES.formFailed)).toBeInTheDocument();
    await waitFor(
      () =>
        expect(screen.queryByRole('region', { name: 'Create Playlist' })).not.toBeInTheDocument(),
      {
        timeout: 2500,
      },
    );
    expect(await screen.findByRole('article', { name: 'Road trip' })).toBeInTheDocument();
  });

  it('edits a playlist: pre-filled from GET /playlists/:id, sent as form fields', async () => {
    mock.on({
      'GET /playlists/p1': [200, { data: roadTrip }],
      'PUT /playlists/edit/p1': (req) => {
        const body = req.body as FormData;
        const updated = {
          ...roadTrip,
          name: String(body.get('name')),
          desc: String(body.get('desc')),
        };
        playlists = [updated, focus];
        return [200, { data: updated, message: 'Playlist updated' }];
      },
    });
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Road trip' });
    await userEvent.click(screen.getByRole('button', { name: 'Options for Road trip' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Update Playlist' }));
    const form = screen.getByRole('region', { name: 'Update Playlist' });
    const name = await within(form).findByLabelText('Name');
    expect(name).toHaveValue('Road trip');
    expect(within(form).getByLabelText('Description')).toHaveValue('Long drives');
    await userEvent.clear(name);
    await userEvent.type(name, 'Coast road');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));

    expect(await within(form).findByText(MESSAGES.playlistUpdated)).toBeInTheDocument();
    const sent = mock.callsTo('PUT /playlists/edit/p1')[0]?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect([sent.get('name'), sent.get('desc'), sent.get('img')]).toEqual([
      'Coast road',
      'Long drives',
      '',
    ]);
    expect(
      await screen.findByRole('article', { name: 'Coast road' }, { timeout: 2500 }),
    ).toBeInTheDocument();
  });

  it('only logs a failed edit pre-fill and still offers the form', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock.on({ 'GET /playlists/p1': [403, { message: "You don't have access to this content." }] });
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Road trip' });
    await userEvent.click(screen.getByRole('button', { name: 'Options for Road trip' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Update Playlist' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('');
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('LibraryPage: Spotify', () => {
  it('explains that the import is not configured', async () => {
    renderWithRouter(<LibraryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Fetch Playlists from Spotify' }));
    expect(await screen.findByText(MESSAGES.spotifyImportNotConfigured)).toBeInTheDocument();
    expect(spotify.startSpotifyLogin).not.toHaveBeenCalled();
    expect(spotify.completeSpotifyLogin).toHaveBeenCalledTimes(1);
  });

  it('starts the Spotify login when configured', async () => {
    vi.mocked(spotify.isSpotifyConfigured).mockResolvedValue(true);
    renderWithRouter(<LibraryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Fetch Playlists from Spotify' }));
    await waitFor(() => expect(spotify.startSpotifyLogin).toHaveBeenCalledTimes(1));
  });

  it('shows the Spotify playlists in the same cards after the redirect back', async () => {
    vi.mocked(spotify.completeSpotifyLogin).mockResolvedValue(true);
    vi.mocked(spotify.fetchSpotifyPlaylists).mockResolvedValue([
      {
        id: 'sp1',
        name: 'Chill mix',
        images: [{ url: 'https://i.scdn.co/image/1' }],
        tracks: { total: 12 },
      },
    ]);
    renderWithRouter(<LibraryPage />, '/library?code=abc&state=xyz');
    const card = await screen.findByRole('article', { name: 'Chill mix' });
    expect(within(card).getByText('12 songs')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Play Chill mix' }));
    expect(JSON.parse(screen.getByTestId('player-state').textContent ?? '')).toMatchObject({
      source: 'spotify',
      id: 'sp1',
    });
  });

  it('uses the Spotify failure messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(spotify.completeSpotifyLogin).mockResolvedValue(true);
    vi.mocked(spotify.fetchSpotifyPlaylists).mockRejectedValue(new Error('Spotify refused (403)'));
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Road trip' });
    await userEvent.click(screen.getByRole('button', { name: 'Fetch Playlists from Spotify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error fetching playlists: Spotify refused (403)',
    );
  });
});

describe('LibraryPage: share links', () => {
  it("opens a playlist's page from its name, and offers \"Review import\" for an imported playlist only", async () => {
    playlists = [roadTrip, { ...focus, imported: true }];
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Road trip' });
    expect(within(cardOf('Road trip')).getByRole('link', { name: 'Road trip' })).toHaveAttribute('href', '/playlists/p1');
    await userEvent.click(screen.getByRole('button', { name: 'Options for Road trip' }));
    expect(await screen.findByRole('menuitem', { name: LABELS.updatePlaylist })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: IMPORT_LABELS.review })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Options for Focus' }));
    expect(await screen.findByRole('menuitem', { name: IMPORT_LABELS.review })).toBeInTheDocument();
  });

  it('shares an own playlist from its card menu', async () => {
    const url = 'http://localhost/s/AbCdEfGhIjKlMnOpQrStUv';
    mock.on({
      'GET /config': [200, { shares: true }],
      'POST /shares': [201, { data: { id: 'AbCdEfGhIjKlMnOpQrStUv', url, name: 'Road trip' } }],
    });
    renderWithRouter(<LibraryPage />);
    await screen.findByRole('article', { name: 'Road trip' });
    await waitFor(() => expect(mock.callsTo('GET /config')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Options for Road trip' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: SHARE_MESSAGES.sharePlaylist }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Road trip”' });
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_MESSAGES.create }));
    expect(await within(dialog).findByRole('textbox', { name: SHARE_MESSAGES.linkLabel })).toHaveValue(url);
    expect(mock.callsTo('POST /shares')[0]!.body).toMatchObject({ kind: 'playlist', id: 'p1' });
  });
});
