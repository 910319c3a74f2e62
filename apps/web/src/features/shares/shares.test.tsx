import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUEUE_LABELS, SHARE_MESSAGES, type PublicShare, type ShareInfo, type Song } from '@samaa/shared';
import { mockApi, signInListener, type ApiMock } from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';
import { stubMedia } from '../../test/playerKit';
import PublicSharePage from './PublicSharePage';
import SharesPage from './SharesPage';
import { SongMenu } from '../songActions';

let mock: ApiMock | undefined;
beforeEach(() => signInListener());
afterEach(() => mock?.restore());

const SHARE: ShareInfo = {
  id: 'AbCdEfGhIjKlMnOpQrStUv',
  kind: 'album',
  targetId: 'al-1',
  name: 'Night Songs',
  description: 'For the drive',
  url: 'http://localhost:3000/s/AbCdEfGhIjKlMnOpQrStUv',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastVisitedAt: null,
  downloadable: false,
  visits: 3,
  expired: false,
};

const SONG: Song = { _id: 's1', name: 'First Light', artist: 'The Lanterns', img: '/media/images/c.png', song: '/media/audio/a.mp3', album: 'Night Songs' };

describe('the song row’s share menu', () => {
  it('shares the album of a song and shows the link to copy', async () => {
    mock = mockApi({
      'GET /config': [200, { shares: true }],
      'POST /shares': [201, { data: SHARE, message: SHARE_MESSAGES.created }],
    });
    renderWithRouter(<SongMenu song={SONG} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More options for First Light' }));
    // The share items join the menu once the server's settings say sharing is on.
    expect(await screen.findByRole('menuitem', { name: SHARE_MESSAGES.shareSong })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: SHARE_MESSAGES.shareAlbum }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Night Songs”' });
    await user.type(within(dialog).getByLabelText(SHARE_MESSAGES.descriptionLabel), 'For the drive');
    await user.click(within(dialog).getByLabelText(SHARE_MESSAGES.downloadsLabel));
    await user.click(within(dialog).getByRole('button', { name: SHARE_MESSAGES.create }));
    expect(await within(dialog).findByRole('textbox', { name: SHARE_MESSAGES.linkLabel })).toHaveValue(SHARE.url);
    expect(within(dialog).getByRole('button', { name: SHARE_MESSAGES.copyLink })).toBeInTheDocument();
    expect(mock.callsTo('POST /shares')[0]!.body).toEqual({ kind: 'album', id: 's1', description: 'For the drive', expiresAt: null, downloadable: true });
  });

  it('has no share items when the server has sharing off', async () => {
    mock = mockApi({ 'GET /config': [200, { shares: false }] });
    renderWithRouter(<SongMenu song={{ ...SONG, album: undefined }} />);
    await waitFor(() => expect(mock!.callsTo('GET /config')).toHaveLength(1));
    await userEvent.setup().click(screen.getByRole('button', { name: 'More options for First Light' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([QUEUE_LABELS.playNext, QUEUE_LABELS.addToQueue]);
  });
});

describe('SharesPage', () => {
  it('lists the shares with visits and expiry, and revokes one after confirming', async () => {
    let shares = [SHARE, { ...SHARE, id: 'x'.repeat(22), kind: 'song' as const, name: 'Lone Tune', description: '', expired: true, expiresAt: '2026-01-01T00:00:00.000Z', visits: 1 }];
    mock = mockApi({
      'GET /shares': () => [200, { data: shares }],
      [`DELETE /shares/${SHARE.id}`]: () => {
        shares = shares.slice(1);
        return [200, { message: SHARE_MESSAGES.revoked }];
      },
    });
    renderWithRouter(<SharesPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const rows = await screen.findAllByTestId('share-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('3 visits')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(SHARE_MESSAGES.never)).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: SHARE.url })).toHaveAttribute('href', SHARE.url);
    expect(within(rows[1]!).getByText(SHARE_MESSAGES.expired)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `${SHARE_MESSAGES.revoke}: Night Songs` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SHARE_MESSAGES.revokeConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: SHARE_MESSAGES.revoke }));
    await waitFor(() => expect(screen.getAllByTestId('share-row')).toHaveLength(1));
    expect(mock.callsTo(`DELETE /shares/${SHARE.id}`)).toHaveLength(1);
  });

  it('edits the description and downloads', async () => {
    mock = mockApi({
      'GET /shares': [200, { data: [SHARE] }],
      [`PUT /shares/${SHARE.id}`]: (req) => [200, { data: { ...SHARE, ...(req.body as object) } }],
    });
    renderWithRouter(<SharesPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${SHARE_MESSAGES.edit}: Night Songs` }));
    const dialog = await screen.findByRole('dialog');
    const description = within(dialog).getByLabelText(SHARE_MESSAGES.descriptionLabel);
    await user.clear(description);
    await user.type(description, 'Late');
    await user.click(within(dialog).getByLabelText(SHARE_MESSAGES.downloadsLabel));
    await user.click(within(dialog).getByRole('button', { name: SHARE_MESSAGES.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo(`PUT /shares/${SHARE.id}`)[0]!.body).toEqual({ description: 'Late', downloadable: true });
  });

  it('has an empty state', async () => {
    mock = mockApi({ 'GET /shares': [200, { data: [] }] });
    renderWithRouter(<SharesPage />);
    expect(await screen.findByText(SHARE_MESSAGES.none)).toBeInTheDocument();
  });

  it('has an error state with the server’s message', async () => {
    mock = mockApi({ 'GET /shares': [404, { message: SHARE_MESSAGES.off }] });
    renderWithRouter(<SharesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(SHARE_MESSAGES.off);
  });
});

const PUBLIC: PublicShare = {
  share: { id: SHARE.id, kind: 'album', name: 'Night Songs', description: 'For the drive', expiresAt: null, downloadable: true, cover: '/media/images/c.png?exp=1&by=share%3Ax&sig=s', sharedBy: 'Alice' },
  songs: [
    { id: 's1', name: 'First Light', artist: 'The Lanterns', audio: '/media/audio/a.mp3?exp=1&by=share%3Ax&sig=a', cover: '', duration: 61 },
    { id: 's2', name: 'Second Light', artist: 'The Lanterns', audio: '/media/audio/b.mp3?exp=1&by=share%3Ax&sig=b', cover: '' },
  ],
};

function renderPublic(id = SHARE.id) {
  return render(
    <MemoryRouter initialEntries={[`/s/${id}`]}>
      <Routes>
        <Route path="/s/:id" element={<PublicSharePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PublicSharePage', () => {
  it('shows the shared songs, plays exactly them, and asks for nothing else', async () => {
    stubMedia();
    localStorage.clear();
    mock = mockApi({ [`GET /public/shares/${SHARE.id}`]: [200, PUBLIC] });
    renderPublic();
    expect(await screen.findByRole('heading', { name: 'Night Songs' })).toBeInTheDocument();
    expect(screen.getByText('Shared by Alice')).toBeInTheDocument();
    expect(screen.getByText('For the drive')).toBeInTheDocument();
    const songs = screen.getByRole('list', { name: 'Songs' });
    expect(within(songs).getAllByRole('listitem')).toHaveLength(2);
    expect(within(songs).getByRole('link', { name: 'Download Second Light' }).getAttribute('href')).toMatch(
      new RegExp(`/public/shares/${SHARE.id}/songs/s2/download$`),
    );
    // No link leads anywhere but the downloads.
    expect(screen.getAllByRole('link').every((a) => a.getAttribute('href')!.includes('/public/shares/'))).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Play Second Light' }));
    const bar = await screen.findByRole('contentinfo', { name: 'Now playing' });
    expect(within(bar).getByText('Second Light')).toBeInTheDocument();
    expect(within(bar).queryByRole('link')).not.toBeInTheDocument();
    expect(mock.calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET /public/shares/${SHARE.id}`]);
    // The listener's own saved queue is left alone.
    expect(localStorage.getItem('samaa.player.session')).toBeNull();
  });

  it('says the link expired or was revoked on a 404', async () => {
    mock = mockApi({ [`GET /public/shares/${SHARE.id}`]: [404, { message: SHARE_MESSAGES.gone }] });
    renderPublic();
    expect(await screen.findByRole('heading', { name: SHARE_MESSAGES.goneTitle })).toBeInTheDocument();
    expect(screen.getByText(SHARE_MESSAGES.gone)).toBeInTheDocument();
    expect(mock.calls).toHaveLength(1);
  });
});
