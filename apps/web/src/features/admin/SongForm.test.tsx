import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@samaa/shared';
import { mockApi, type ApiMock } from '../../test/apiMock';
import { SongForm } from './SongForm';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

const SONG: Song = {
  _id: 's1',
  name: 'First Light',
  artist: 'The Lanterns',
  img: '/media/images/c.png',
  song: '/media/audio/a.mp3',
  duration: 100,
  album: 'Night Songs',
  trackNumber: 1,
  year: 2019,
  encoderDelay: 576,
};

describe('SongForm album fields', () => {
  it('shows the album, track and year, and saves the edits with the other fields kept', async () => {
    mock = mockApi({ 'PUT /songs/s1': (req) => [200, { data: { ...SONG, ...(req.body as object) } }] });
    render(<SongForm song={SONG} onSaved={vi.fn()} onDone={vi.fn()} />);
    expect(screen.getByLabelText('Album')).toHaveValue('Night Songs');
    expect(screen.getByLabelText('Track')).toHaveValue('1');
    expect(screen.getByLabelText('Year')).toHaveValue('2019');

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Track'));
    await user.type(screen.getByLabelText('Track'), '4');
    await user.clear(screen.getByLabelText('Year'));
    await user.clear(screen.getByLabelText('Album'));
    await user.click(screen.getByRole('button', { name: 'Update Song' }));
    await waitFor(() => expect(mock!.callsTo('PUT /songs/s1')).toHaveLength(1));
    const body = mock.callsTo('PUT /songs/s1')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'First Light', trackNumber: 4, duration: 100, encoderDelay: 576 });
    expect(body).not.toHaveProperty('album');
    expect(body).not.toHaveProperty('year');
  });
});
