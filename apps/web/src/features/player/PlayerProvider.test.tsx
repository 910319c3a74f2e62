import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MESSAGES } from '@samaa/shared';
import { mediaUrl } from '../../api/client';
import { PLAYER_STORAGE_KEYS, savePosition, saveQueue } from './persistence';
import { emptyPlayback, loadQueue } from './queue';
import { RING_CIRCUMFERENCE } from './ProgressDisc';
import { songToTrack } from './sources';
import {
  audioElement,
  CATALOGUE,
  mockGet,
  renderPlayer,
  setMedia,
  signIn,
  stubMedia,
} from '../../test/playerKit';

let media: ReturnType<typeof stubMedia>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  media = stubMedia();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  mockGet(() => ({ data: CATALOGUE }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const title = () => screen.getByRole('heading', { level: 1 }).textContent;
const src = (id: string) => mediaUrl(`/media/audio/${id}.mp3`);

/** Opens /player on a catalogue song and lets the audio reach canplaythrough. */
async function playing(songId = 'a', rng?: () => number) {
  const view = renderPlayer({ songId }, rng);
  await screen.findByRole('heading', { level: 1, name: `Song ${songId.toUpperCase()}` });
  const audio = audioElement();
  fireEvent(audio, new Event('canplaythrough'));
  return { view, audio };
}

describe('the audio engine', () => {
  it('advances when a track ends and starts it once it can play through', async () => {
    const { audio } = await playing('d');
    media.play.mockClear();
    fireEvent(audio, new Event('ended'));
    expect(title()).toBe('Song A'); // wrapped from the last to the first
    expect(audio.getAttribute('src')).toBe(src('a'));
    expect(media.play).not.toHaveBeenCalled();
    fireEvent(audio, new Event('canplaythrough'));
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('replays the current track on repeat', async () => {
    const { audio } = await playing('b');
    fireEvent.click(screen.getByTestId('btn-repeat'));
    expect(screen.getByTestId('btn-repeat')).toHaveAttribute('aria-pressed', 'true');
    audio.currentTime = 180;
    media.play.mockClear();
    fireEvent(audio, new Event('ended'));
    expect(title()).toBe('Song B');
    expect(audio.currentTime).toBe(0);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('next and previous wrap at both ends', async () => {
    await playing('a');
    fireEvent.click(screen.getByTestId('btn-prev'));
    expect(title()).toBe('Song D');
    fireEvent.click(screen.getByTestId('btn-next'));
    expect(title()).toBe('Song A');
  });

  it('follows the shuffle order', async () => {
    // rng 0 on every draw: the rest [b, c, d] becomes [c, d, b] after Fisher–Yates.
    await playing('a', () => 0);
    fireEvent.click(screen.getByTestId('btn-shuffle'));
    expect(screen.getByTestId('btn-shuffle')).toHaveAttribute('aria-pressed', 'true');
    const seen = [1, 2, 3].map(() => {
      fireEvent.click(screen.getByTestId('btn-next'));
      return title();
    });
    expect(seen).toEqual(['Song C', 'Song D', 'Song B']);
  });

  it('jumps to a clicked queue item', async () => {
    await playing('a');
    fireEvent.click(screen.getAllByTestId('queue-item')[2]!);
    expect(title()).toBe('Song C');
    expect(screen.getAllByTestId('queue-item')[2]).toHaveAttribute('aria-current', 'true');
  });

  it('toggles play and pause', async () => {
    await playing('a');
    fireEvent.click(screen.getByTestId('btn-play'));
    expect(media.pause).toHaveBeenCalled();
    expect(screen.getByTestId('btn-play')).toHaveAccessibleName('Play');
    media.play.mockClear();
    fireEvent.click(screen.getByTestId('btn-play'));
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('logs a load error and skips the track, marking it unavailable', async () => {
    const { audio } = await playing('a');
    fireEvent(audio, new Event('error'));
    expect(
      consoleError.mock.calls.some(([m]) => String(m).startsWith('Audio failed to load')),
    ).toBe(true);
    expect(title()).toBe('Song B');
    expect(
      within(screen.getAllByTestId('queue-item')[0]!).getByText('Unavailable'),
    ).toBeInTheDocument();
  });

  it('logs a play error and skips the track', async () => {
    media.play.mockRejectedValueOnce(
      Object.assign(new Error('bad codec'), { name: 'NotSupportedError' }),
    );
    await playing('a');
    await vi.waitFor(() => expect(title()).toBe('Song B'));
    expect(consoleError).toHaveBeenCalledWith('Audio playback failed:', expect.any(Error));
  });

  it('stays on the track, paused, when the browser blocks autoplay', async () => {
    media.play.mockRejectedValueOnce(
      Object.assign(new Error('no gesture'), { name: 'NotAllowedError' }),
    );
    await playing('a');
    await vi.waitFor(() => expect(screen.getByTestId('btn-play')).toHaveAccessibleName('Play'));
    expect(title()).toBe('Song A');
  });

  it("shows 'No song data available' once every track has failed", async () => {
    mockGet(() => ({ data: CATALOGUE.slice(0, 1) }));
    const { audio } = await playing('a');
    fireEvent(audio, new Event('error'));
    expect(screen.getByText(MESSAGES.noSongData)).toBeInTheDocument();
    expect(screen.queryByTestId('now-playing')).not.toBeInTheDocument();
  });

  it('preloads the upcoming track once the current one is ready', async () => {
    const { view } = await playing('b');
    // The preload element is filled by an effect after the canplaythrough update.
    await vi.waitFor(() => {
      const preload = view.container.ownerDocument.querySelector('audio:not([data-testid])');
      expect(preload?.getAttribute('src')).toBe(src('c'));
    });
  });
});

describe('progress and seeking', () => {
  it('polls the position every 1000 ms and draws the ring', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { audio } = await playing('a');
    setMedia(audio, { duration: 200 });
    audio.currentTime = 50;
    expect(screen.getByTestId('elapsed-time')).toHaveTextContent('0:00');
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByTestId('elapsed-time')).toHaveTextContent('0:00');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('elapsed-time')).toHaveTextContent('0:50');
    expect(screen.getByTestId('total-time')).toHaveTextContent('3:20');
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuenow', '50');
    const offset = Number(screen.getByTestId('progress-ring').getAttribute('stroke-dashoffset'));
    expect(offset).toBeCloseTo(RING_CIRCUMFERENCE * 0.75);
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.position)).toBe('50');
  });

  it('seeks on a click on the seek bar', async () => {
    const { audio } = await playing('a');
    setMedia(audio, { duration: 200, readyState: 4 });
    fireEvent(audio, new Event('loadedmetadata'));
    const bar = screen.getByTestId('seek-bar');
    bar.getBoundingClientRect = () =>
      ({
        left: 100,
        right: 500,
        width: 400,
        top: 0,
        bottom: 20,
        height: 20,
        x: 100,
        y: 0,
      }) as DOMRect;
    bar.hasPointerCapture = () => true; // jsdom has no pointer capture
    fireEvent.pointerDown(bar, { clientX: 200, pointerId: 1, button: 0 });
    fireEvent.pointerUp(bar, { clientX: 200, pointerId: 1, button: 0 });
    expect(audio.currentTime).toBe(50);
    expect(screen.getByTestId('elapsed-time')).toHaveTextContent('0:50');
  });

  it('seeks with the keyboard on the seek bar, once per key press', async () => {
    const { audio } = await playing('a');
    setMedia(audio, { duration: 200, readyState: 4 });
    fireEvent(audio, new Event('loadedmetadata'));
    const bar = screen.getByRole('slider', { name: 'Seek' });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(5);
    fireEvent.keyDown(bar, { key: 'End' });
    expect(audio.currentTime).toBe(200);
    fireEvent.keyDown(bar, { key: 'Home' });
    expect(audio.currentTime).toBe(0);
  });
});

describe('keyboard shortcuts', () => {
  it('Space plays/pauses; with focus in the player, ←/→ seek 5 s, Shift+←/→ and ↑/↓ change track', async () => {
    const { audio } = await playing('b');
    setMedia(audio, { duration: 200, readyState: 4 });
    audio.currentTime = 20;

    fireEvent.keyDown(document.body, { key: ' ' });
    expect(screen.getByTestId('btn-play')).toHaveAccessibleName('Play');
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(screen.getByTestId('btn-play')).toHaveAccessibleName('Pause');

    const inPlayer = screen.getByTestId('btn-play');
    fireEvent.keyDown(inPlayer, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(25);
    fireEvent.keyDown(inPlayer, { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(20);

    fireEvent.keyDown(inPlayer, { key: 'ArrowRight', shiftKey: true });
    expect(title()).toBe('Song C');
    fireEvent.keyDown(inPlayer, { key: 'ArrowLeft', shiftKey: true });
    expect(title()).toBe('Song B');
    fireEvent.keyDown(within(screen.getByTestId('now-playing')).getByTestId('nowplaying-next'), {
      key: 'ArrowDown',
    });
    expect(title()).toBe('Song C');
    fireEvent.keyDown(inPlayer, { key: 'ArrowUp' });
    expect(title()).toBe('Song B');
  });

  it('leave ↑/↓ to scrolling unless focus is in the player; ←/→ seek from anywhere else', async () => {
    const { audio } = await playing('b');
    setMedia(audio, { duration: 200, readyState: 4 });
    audio.currentTime = 20;
    for (const key of ['ArrowDown', 'ArrowUp']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(title()).toBe('Song B');
    const right = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    document.body.dispatchEvent(right);
    expect(right.defaultPrevented).toBe(true);
    expect(audio.currentTime).toBe(25);
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', shiftKey: true, bubbles: true }));
    });
    expect(title()).toBe('Song C');
  });

  it('never take keys from a list, a slider or a menu', async () => {
    const { audio } = await playing('b');
    setMedia(audio, { duration: 200, readyState: 4 });
    audio.currentTime = 20;
    // The queue is a list inside the player: its items keep Space and the arrows.
    const queued = screen.getAllByTestId('queue-item')[2]!;
    fireEvent.keyDown(queued, { key: 'ArrowDown' });
    fireEvent.keyDown(queued, { key: ' ' });
    const volume = screen.getByRole('slider', { name: 'Volume' });
    fireEvent.keyDown(volume, { key: 'ArrowRight' });
    fireEvent.keyDown(volume, { key: ' ' });
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    menu.innerHTML = '<button role="menuitem">Delete</button>';
    screen.getByTestId('now-playing').append(menu);
    fireEvent.keyDown(menu.firstElementChild!, { key: 'ArrowDown' });
    fireEvent.keyDown(menu.firstElementChild!, { key: ' ' });
    expect(title()).toBe('Song B');
    expect(audio.currentTime).toBe(20);
    expect(screen.getByTestId('btn-play')).toHaveAccessibleName('Pause');
  });

  it('leave text fields and buttons alone', async () => {
    await playing('a');
    fireEvent.click(screen.getByRole('link', { name: 'Go home' }));
    const search = screen.getByRole('textbox', { name: 'Search songs' });
    fireEvent.keyDown(search, { key: ' ' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    const bar = screen.getByTestId('now-playing');
    expect(within(bar).getByText('Song A')).toBeInTheDocument();
    expect(within(bar).getByTestId('nowplaying-play')).toHaveAccessibleName('Pause');
    // Space on a focused button is the button's own click, not a second toggle.
    fireEvent.keyDown(within(bar).getByTestId('nowplaying-next'), { key: ' ' });
    expect(within(bar).getByText('Song A')).toBeInTheDocument();
  });
});

describe('the now-playing bar', () => {
  it('controls playback and remembers volume and mute', async () => {
    const { audio } = await playing('a');
    const bar = screen.getByTestId('now-playing');
    fireEvent.click(within(bar).getByTestId('nowplaying-next'));
    expect(within(bar).getByText('Song B')).toBeInTheDocument();

    fireEvent.change(within(bar).getByRole('slider', { name: 'Volume' }), {
      target: { value: '0.4' },
    });
    expect(audio.volume).toBeCloseTo(0.4);
    fireEvent.click(within(bar).getByRole('button', { name: 'Mute' }));
    expect(audio.muted).toBe(true);
    expect(JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEYS.volume)!)).toEqual({
      volume: 0.4,
      muted: true,
    });
  });

  it('starts with the remembered volume', async () => {
    localStorage.setItem(PLAYER_STORAGE_KEYS.volume, JSON.stringify({ volume: 0.25, muted: true }));
    const { audio } = await playing('a');
    expect(audio.volume).toBeCloseTo(0.25);
    expect(audio.muted).toBe(true);
  });
});

describe('after a reload', () => {
  it('restores the queue paused at the saved position', async () => {
    signIn();
    saveQueue(loadQueue(emptyPlayback, CATALOGUE.map(songToTrack), 2), 'u1');
    savePosition(42);
    renderPlayer();
    expect(title()).toBe('Song C');
    expect(screen.getByTestId('btn-play')).toHaveAccessibleName('Play');
    expect(screen.getByTestId('elapsed-time')).toHaveTextContent('0:42');
    const audio = audioElement();
    expect(audio.getAttribute('src')).toBe(src('c'));
    setMedia(audio, { duration: 200 });
    fireEvent(audio, new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(42);
    fireEvent(audio, new Event('canplaythrough'));
    expect(media.play).not.toHaveBeenCalled();
  });
});

describe('leaving the page', () => {
  it('saves the exact position', async () => {
    const { audio } = await playing('a');
    setMedia(audio, { readyState: 4 });
    audio.currentTime = 77.34;
    fireEvent(window, new Event('pagehide'));
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.position)).toBe('77.3');
  });
});

describe('Media Session', () => {
  it('publishes metadata and answers the media keys', async () => {
    const handlers = new Map<string, (details: { seekTime?: number }) => void>();
    const session = {
      metadata: null as unknown,
      playbackState: 'none',
      setActionHandler: vi.fn((action: string, handler: ((d: object) => void) | null) => {
        if (handler) handlers.set(action, handler);
        else handlers.delete(action);
      }),
      setPositionState: vi.fn(),
    };
    Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(public init: object) {}
      },
    );
    try {
      const { audio } = await playing('a');
      expect((session.metadata as { init: object }).init).toEqual({
        title: 'Song A',
        artist: 'Artist A',
        artwork: [{ src: mediaUrl('/media/images/a.jpg') }],
      });
      expect(session.playbackState).toBe('playing');
      expect([...handlers.keys()].sort()).toEqual([
        'nexttrack',
        'pause',
        'play',
        'previoustrack',
        'seekto',
      ]);

      act(() => handlers.get('nexttrack')!({}));
      expect(title()).toBe('Song B');
      act(() => handlers.get('pause')!({}));
      expect(session.playbackState).toBe('paused');
      setMedia(audio, { duration: 200, readyState: 4 });
      act(() => handlers.get('seekto')!({ seekTime: 61 }));
      expect(audio.currentTime).toBe(61);
    } finally {
      delete (navigator as { mediaSession?: unknown }).mediaSession;
      vi.unstubAllGlobals();
    }
  });
});
