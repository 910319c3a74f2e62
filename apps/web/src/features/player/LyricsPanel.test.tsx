import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LYRICS_MESSAGES, type SongLyrics } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { audioElement, mockGet, renderPlayer, setMedia, song, stubMedia } from '../../test/playerKit';

const ID = {
  synced: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  plain: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  none: 'cccccccccccccccccccccccc',
};
const SONGS = [song(ID.synced, { name: 'Synced' }), song(ID.plain, { name: 'Plain' }), song(ID.none, { name: 'Silent' })];
const LYRICS: Record<string, SongLyrics | null> = {
  [ID.synced]: {
    synced: true,
    source: 'sidecar',
    lines: [
      { start: 0, text: 'First line' },
      { start: 3000, text: 'Second line' },
      { start: 6000, text: 'Third line' },
    ],
  },
  [ID.plain]: { synced: false, source: 'tags', lines: [{ text: 'Just words' }, { text: 'More words' }] },
  [ID.none]: null,
};

/** The audio element's clock, settable by the test and by the player's seeks. */
function clock(audio: HTMLMediaElement) {
  let now = 0;
  Object.defineProperty(audio, 'currentTime', { configurable: true, get: () => now, set: (v: number) => (now = v) });
  return { set: (seconds: number) => (now = seconds), get: () => now };
}

let get: ReturnType<typeof mockGet>;

beforeEach(() => {
  stubMedia();
  queryClient.clear();
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  get = mockGet((url) => {
    if (url === '/songs') return { data: SONGS };
    const match = /^\/songs\/([a-f0-9]{24})\/lyrics$/.exec(url);
    if (match) return LYRICS[match[1]!];
    return null;
  });
});
afterEach(() => vi.restoreAllMocks());

const lineButton = (text: string) => within(screen.getByTestId('lyrics-lines')).getByRole('button', { name: text });
const current = () => within(screen.getByTestId('lyrics-lines')).queryAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'true');

describe('the Lyrics panel', () => {
  it('highlights the line sung now, follows the music and seeks at once, and seeks where a line is clicked', async () => {
    renderPlayer({ songId: ID.synced });
    await screen.findByRole('heading', { level: 2, name: LYRICS_MESSAGES.panelTitle });
    const audio = audioElement();
    setMedia(audio, { duration: 10, readyState: 4 });
    const time = clock(audio);
    await waitFor(() => expect(current().map((b) => b.textContent)).toEqual(['First line']));
    expect(screen.getByTestId('lyrics-announcer')).toHaveTextContent('First line');
    expect(screen.getByTestId('lyrics-announcer')).toHaveAttribute('aria-live', 'polite');

    // Playing on: the line changes with the clock, within a tick.
    time.set(3.2);
    await waitFor(() => expect(current().map((b) => b.textContent)).toEqual(['Second line']));
    expect(screen.getByTestId('lyrics-announcer')).toHaveTextContent('Second line');

    // A click on a line seeks the audio there.
    fireEvent.click(lineButton('Third line'));
    expect(time.get()).toBe(6);
    await waitFor(() => expect(lineButton('Third line')).toHaveAttribute('aria-current', 'true'));

    // A seek elsewhere (the seek bar's keys) moves the highlight at once.
    act(() => {
      time.set(0.5);
      fireEvent.keyDown(screen.getByRole('slider', { name: 'Seek' }), { key: 'Home' });
    });
    expect(lineButton('First line')).toHaveAttribute('aria-current', 'true');
    expect(current()).toHaveLength(1);
  });

  it('stops announcing lines when the listener turns it off, and remembers it', async () => {
    renderPlayer({ songId: ID.synced });
    const toggle = await screen.findByRole('checkbox', { name: LYRICS_MESSAGES.announceLines });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(screen.getByTestId('lyrics-announcer')).toHaveAttribute('aria-live', 'off');
    expect(screen.getByTestId('lyrics-announcer')).toBeEmptyDOMElement();
    expect(localStorage.getItem('samaa.lyrics.announce')).toBe('off');
  });

  it('shows plain lyrics as text, and says when a song has none', async () => {
    renderPlayer({ songId: ID.plain });
    expect(await screen.findByTestId('lyrics-plain')).toHaveTextContent('Just wordsMore words');
    expect(screen.queryByTestId('lyrics-lines')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /next/i })[0]!);
    expect(await screen.findByText(LYRICS_MESSAGES.none)).toBeInTheDocument();
  });

  it('keeps the song’s lyrics to its end, and switches to the next song’s when the player moves on', async () => {
    renderPlayer({ songId: ID.synced });
    await screen.findByTestId('lyrics-lines');
    const audio = audioElement();
    setMedia(audio, { duration: 10, readyState: 4 });
    clock(audio).set(9.9);
    await waitFor(() => expect(lineButton('Third line')).toHaveAttribute('aria-current', 'true'));
    // The next song's lyrics are fetched ahead, so they are there the moment it sounds.
    await waitFor(() => expect(get).toHaveBeenCalledWith(`/songs/${ID.plain}/lyrics`, { params: { optional: 1 } }));
    fireEvent.ended(audio);
    expect(await screen.findByTestId('lyrics-plain')).toHaveTextContent('Just words');
    expect(screen.queryByTestId('lyrics-lines')).toBeNull();
  });
});
