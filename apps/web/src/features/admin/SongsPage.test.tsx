import { fireEvent, render, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABELS, MESSAGES, type Song } from '@samaa/shared';
import SongsPage from './SongsPage';
import { FORM_CLOSE_DELAY_MS } from './SongForm';
import { mockApi, type ApiMock } from '../../test/apiMock';
import { stubViewport } from '../../test/viewport';
import type { FileUploadProps } from '../upload/FileUpload';

// The upload component belongs to the media feature: stand in for it with a button per kind that
// reports a finished upload through the same props.
vi.mock('../upload/FileUpload', () => ({
  FileUpload: ({ kind, label, onUploaded }: FileUploadProps) => (
    <button
      type="button"
      onClick={() =>
        onUploaded(
          kind === 'audio'
            ? {
                url: '/media/audio/1700000000000tune.mp3',
                metadata: {
                  title: 'Tagged Title',
                  artist: 'Tagged Artist',
                  duration: 187.4,
                  coverUrl: '/media/images/cover.jpg',
                },
              }
            : { url: '/media/images/1700000000000art.png' },
        )
      }
    >
      {`Fake upload: ${label}`}
    </button>
  ),
}));

let mock: ApiMock | undefined;
beforeEach(stubViewport);
afterEach(() => {
  mock?.restore();
  vi.restoreAllMocks();
});

const SONG: Song = {
  _id: 's1',
  name: 'Night Drive',
  artist: 'Kavi',
  img: 'https://img.example/night.png',
  song: '/media/audio/1700000000000night.mp3',
};

describe('Songs table', () => {
  it('shows loading, then rows with thumbnail, audio control, Edit and Delete', async () => {
    mock = mockApi({ 'GET /songs': [200, { data: [SONG] }] });
    render(<SongsPage />);
    expect(screen.getByRole('heading', { name: LABELS.songs })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Artist', 'Image', 'Song', 'Actions']);
    expect(screen.getByRole('img', { name: 'Cover of Night Drive' })).toHaveAttribute(
      'src',
      SONG.img,
    );
    const audio = table.querySelector('audio')!;
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('preload', 'metadata');
    expect(audio.getAttribute('src')).toMatch(/\/media\/audio\/1700000000000night\.mp3$/);
    expect(screen.getByRole('button', { name: 'Edit Night Drive' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Night Drive' })).toBeInTheDocument();
  });

  it('reads the table page by page: the total, the rows in view, their place in the whole table', async () => {
    const many: Song[] = Array.from({ length: 1_000 }, (_, i) => ({ ...SONG, _id: `s${i}`, name: `Track ${i}` }));
    mock = mockApi({
      'GET /songs': ({ params }) => {
        const page = Number(params.page);
        const limit = Number(params.limit);
        return [200, { data: many.slice((page - 1) * limit, page * limit), total: many.length }];
      },
    });
    render(<SongsPage />);
    expect(await screen.findByText('1000 total')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    await screen.findByRole('cell', { name: 'Track 0' });
    const rows = table.querySelectorAll('tbody tr[aria-rowindex]');
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');

    const scroller = table.parentElement!;
    scroller.scrollTop = 72 * 995;
    fireEvent.scroll(scroller);
    const last = await screen.findByRole('cell', { name: 'Track 999' });
    expect(last.closest('tr')).toHaveAttribute('aria-rowindex', '1001');
    expect(mock.callsTo('GET /songs').map((call) => call.params.page)).toEqual([1, 10]);
  });

  it('shows the empty state', async () => {
    mock = mockApi({ 'GET /songs': [200, { data: [] }] });
    render(<SongsPage />);
    expect(await screen.findByText(MESSAGES.noSongsUploaded)).toBeInTheDocument();
  });

  it('shows the load failure', async () => {
    mock = mockApi({ 'GET /songs': [503, { message: 'down' }] });
    render(<SongsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.songsLoadFailed);
  });

  it('deletes after confirmation and reloads; a failed delete says so', async () => {
    let songs = [SONG, { ...SONG, _id: 's2', name: 'Dawn' }];
    mock = mockApi({
      'GET /songs': () => [200, { data: songs }],
      'DELETE /songs/s1': () => {
        songs = songs.filter((s) => s._id !== 's1');
        return [200, { message: 'Song deleted successfully' }];
      },
      'DELETE /songs/s2': [500, {}],
    });
    render(<SongsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Night Drive' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('1 total');
    expect(screen.queryByText('Night Drive')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Dawn' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.deleteSongFailed);
  });

  it('Add Song: pre-fills from the audio tags, submits, shows the message, closes after 1000 ms and reloads', async () => {
    let songs: Song[] = [];
    mock = mockApi({
      'GET /songs': () => [200, { data: songs }],
      'POST /songs': (request) => {
        songs = [{ _id: 'n1', ...(request.body as Omit<Song, '_id'>) }];
        return [201, { data: songs[0] }];
      },
    });
    render(<SongsPage />);
    const user = userEvent.setup();
    await screen.findByText(MESSAGES.noSongsUploaded);
    await user.click(screen.getByRole('button', { name: LABELS.addSong }));
    const panel = screen.getByRole('dialog', { name: LABELS.addSong });
    await user.type(within(panel).getByLabelText('Artist'), 'My Artist');
    await user.click(within(panel).getByRole('button', { name: /Fake upload: Song/ }));
    expect(within(panel).getByLabelText('Name')).toHaveValue('Tagged Title');
    expect(within(panel).getByLabelText('Artist')).toHaveValue('My Artist');
    expect(within(panel).getByRole('img', { name: 'Cover of Tagged Title' })).toBeInTheDocument();

    // When the message appeared, seen by an observer rather than by polling, which under load can
    // notice it late and make the panel's delay look shorter than it was.
    const messageShown = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!within(panel).queryByRole('status')) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(panel, { childList: true, subtree: true });
    });
    await user.click(within(panel).getByRole('button', { name: 'Add Song' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(MESSAGES.formSubmitted);
    const shownAt = await messageShown;
    expect(mock.callsTo('POST /songs')[0]?.body).toEqual({
      name: 'Tagged Title',
      artist: 'My Artist',
      song: '/media/audio/1700000000000tune.mp3',
      img: '/media/images/cover.jpg',
      duration: 187.4,
    });
    // The table reloads behind the panel, hidden from assistive technology while the panel is open.
    expect(await screen.findByRole('cell', { name: 'Tagged Title', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(FORM_CLOSE_DELAY_MS - 200);
  });

  it('Edit: opens the edit form with the values and shows the update message', async () => {
    mock = mockApi({
      'GET /songs': [200, { data: [SONG] }],
      'PUT /songs/s1': [200, { data: { ...SONG, name: 'Night Drive (Live)' } }],
    });
    render(<SongsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Night Drive' }));
    const panel = screen.getByRole('dialog', { name: 'Edit Song' });
    const name = within(panel).getByLabelText('Name');
    expect(name).toHaveValue('Night Drive');
    await user.type(name, ' (Live)');
    await user.click(within(panel).getByRole('button', { name: /Fake upload: Image/ }));
    await user.click(within(panel).getByRole('button', { name: 'Update Song' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(MESSAGES.songUpdated);
    expect(mock.callsTo('PUT /songs/s1')[0]?.body).toEqual({
      name: 'Night Drive (Live)',
      artist: 'Kavi',
      song: SONG.song,
      img: '/media/images/1700000000000art.png',
    });
  });

  it('shows the form failure and still closes', async () => {
    mock = mockApi({ 'GET /songs': [200, { data: [] }], 'POST /songs': [400, { message: 'bad' }] });
    render(<SongsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: LABELS.addSong }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Song' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.formFailed);
    // The page stays behind the panel (hidden from assistive technology until the panel closes).
    expect(screen.getByRole('heading', { name: LABELS.songs, hidden: true })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, FORM_CLOSE_DELAY_MS + 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the panel with Escape', async () => {
    mock = mockApi({ 'GET /songs': [200, { data: [] }] });
    render(<SongsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: LABELS.addSong }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Name')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: LABELS.addSong })).toHaveFocus());
  });
});
