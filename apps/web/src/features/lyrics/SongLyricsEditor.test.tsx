import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LYRICS_MESSAGES } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { mockApi, type ApiMock } from '../../test/apiMock';
import { lyricsKey } from './lyricsQueries';
import { SongLyricsEditor } from './SongLyricsEditor';

const ID = 'dddddddddddddddddddddddd';
let mock: ApiMock | undefined;
beforeEach(() => queryClient.clear());
afterEach(() => mock?.restore());

describe('the song form’s lyrics', () => {
  it('uploads an .lrc as it is, shows the result, and the player’s cache has it at once', async () => {
    mock = mockApi({
      [`GET /songs/${ID}/lyrics`]: [404, { message: LYRICS_MESSAGES.none }],
      [`PUT /songs/${ID}/lyrics`]: [200, { data: { synced: true, source: 'upload', lines: [{ start: 1000, text: 'Hi' }] }, message: LYRICS_MESSAGES.saved }],
    });
    render(<SongLyricsEditor songId={ID} />);
    expect(await screen.findByText(LYRICS_MESSAGES.none)).toBeInTheDocument();
    const file = new File(['[00:01.00]Hi'], 'song.lrc', { type: '' });
    await userEvent.setup().upload(screen.getByLabelText(LYRICS_MESSAGES.upload), file);
    expect(await screen.findByRole('status')).toHaveTextContent(LYRICS_MESSAGES.saved);
    const sent = mock.callsTo(`PUT /songs/${ID}/lyrics`)[0]!;
    expect(sent.headers.get('content-type')).toBe('application/octet-stream');
    expect(queryClient.getQueryData(lyricsKey(ID))).toMatchObject({ source: 'upload', lines: [{ start: 1000, text: 'Hi' }] });
    expect(screen.getByTestId('song-lyrics-current')).toHaveTextContent('synced, 1 lines (upload)');
  });

  it('shows the server’s reason for a file that is not lyrics, and removes lyrics', async () => {
    mock = mockApi({
      [`GET /songs/${ID}/lyrics`]: [200, { synced: false, source: 'tags', lines: [{ text: 'Words' }] }],
      [`PUT /songs/${ID}/lyrics`]: [400, { message: `${LYRICS_MESSAGES.notLyrics} (binary data, not text)` }],
      [`DELETE /songs/${ID}/lyrics`]: [200, { message: LYRICS_MESSAGES.removed }],
    });
    render(<SongLyricsEditor songId={ID} />);
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText(LYRICS_MESSAGES.replace), new File([new Uint8Array([0, 1, 2])], 'x.lrc'));
    expect(await screen.findByRole('alert')).toHaveTextContent('binary data, not text');
    await user.click(screen.getByRole('button', { name: LYRICS_MESSAGES.remove }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(LYRICS_MESSAGES.removed));
    expect(screen.getByTestId('song-lyrics-current')).toHaveTextContent(LYRICS_MESSAGES.none);
    expect(queryClient.getQueryData(lyricsKey(ID))).toBeNull();
  });
});
