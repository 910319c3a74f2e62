import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES, type LibraryView } from '@samaa/shared';
import { mockApi, type ApiMock } from '../../test/apiMock';
import LibrariesPage from './LibrariesPage';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

const IDLE: LibraryView = {
  id: 'abc123',
  name: 'Music',
  path: '/srv/music',
  songs: 1200,
  files: 1203,
  lastScanAt: '2026-11-24T10:00:00.000Z',
  durationMs: 4200,
  scanning: false,
  errors: [{ path: 'Broken/track.mp3', error: 'Not an audio file this server can play' }],
  errorCount: 1,
};

describe('LibrariesPage', () => {
  it('shows each folder with its counts, last scan and unreadable files', async () => {
    mock = mockApi({ 'GET /admin/libraries': [200, { data: [IDLE] }] });
    render(<LibrariesPage />);
    const card = await screen.findByRole('article', { name: 'Music' });
    expect(within(card).getByText('/srv/music')).toBeInTheDocument();
    expect(within(card).getByText('1,200')).toBeInTheDocument();
    expect(within(card).getByText('4.2 s')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: '1 file could not be read' })).toBeInTheDocument();
    expect(within(card).getByRole('cell', { name: 'Broken/track.mp3' })).toBeInTheDocument();
  });

  it('starts a scan and follows its progress until it ends', async () => {
    let calls = 0;
    mock = mockApi({
      'GET /admin/libraries': () => {
        calls += 1;
        if (calls === 1) return [200, { data: [IDLE] }];
        if (calls === 2) return [200, { data: [{ ...IDLE, scanning: true, progress: { done: 3, total: 10 } }] }];
        return [200, { data: [{ ...IDLE, songs: 1210, errorCount: 0, errors: [] }] }];
      },
      'POST /admin/libraries/abc123/scan': [202, { message: LIBRARY_MESSAGES.scanStarted }],
    });
    render(<LibrariesPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Scan now' }));
    expect(await screen.findByText('3 of 10 files (30%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Scanning Music' })).toHaveAttribute('value', '3');
    expect(screen.getByRole('button', { name: 'Scanning...' })).toBeDisabled();
    await waitFor(() => expect(screen.getByText('1,210')).toBeInTheDocument(), { timeout: 3000 });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('starts a full rescan that reads every file again', async () => {
    mock = mockApi({
      'GET /admin/libraries': [200, { data: [IDLE] }],
      'POST /admin/libraries/abc123/scan': [202, { message: LIBRARY_MESSAGES.fullScanStarted }],
    });
    render(<LibrariesPage />);
    const full = await screen.findByRole('button', { name: 'Full rescan' });
    expect(full).toHaveAccessibleDescription(LIBRARY_MESSAGES.fullScanHint);
    await userEvent.setup().click(full);
    await waitFor(() => expect(mock!.callsTo('POST /admin/libraries/abc123/scan').map((call) => call.body)).toEqual([{ full: true }]));
  });

  it('explains when no folder is configured', async () => {
    mock = mockApi({ 'GET /admin/libraries': [200, { data: [] }] });
    render(<LibrariesPage />);
    expect(await screen.findByText(LIBRARY_MESSAGES.noLibraries)).toBeInTheDocument();
  });
});
