import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { createHash, randomBytes } from 'node:crypto';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { startSpotifyFake, type SpotifyFake } from '@samaa/test-fakes';
import { LABELS, MESSAGES, SPOTIFY_MESSAGES, type SaavnSong } from '@samaa/shared';
import { mediaUrl } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { forgetPublicConfig } from '../spotify/settings';
import {
  audioElement,
  CATALOGUE,
  mockGet,
  renderPlayer,
  signIn,
  song,
  stubMedia,
} from '../../test/playerKit';

let media: ReturnType<typeof stubMedia>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  media = stubMedia();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

const upstreamError = (status: number, message: string) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', undefined, null, {
    status,
    statusText: '',
    data: { message },
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

const queueNames = () =>
  screen
    .getAllByTestId('queue-item')
    .map((item) => item.querySelector('.player-queue__name')?.textContent);

describe('/player with {songId}', () => {
  it('without a list, plays the newest page starting at that song, with widgets and the song card', async () => {
    const get = mockGet((url) => (url === '/songs' ? { data: CATALOGUE } : null));
    renderPlayer({ songId: 'c' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Song C' })).toBeInTheDocument();
    expect(queueNames()).toEqual(['Song A', 'Song B', 'Song C', 'Song D']);
    expect(screen.getAllByTestId('queue-item')[2]).toHaveAttribute('aria-current', 'true');
    // The queue's 40 px thumbnails ask for the server's small copies, as song rows do.
    const thumb = screen.getAllByTestId('queue-item')[2]!.querySelector('img')!;
    expect(thumb).toHaveAttribute('src', `${mediaUrl('/media/images/c.jpg')}?size=64`);
    expect(thumb).toHaveAttribute('srcset', `${mediaUrl('/media/images/c.jpg')}?size=64 1x, ${mediaUrl('/media/images/c.jpg')}?size=128 2x`);
    // The source is set by an effect after the title renders.
    await waitFor(() => expect(audioElement().getAttribute('src')).toBe(mediaUrl('/media/audio/c.mp3')));
    expect(screen.getByText(LABELS.vibeOn)).toBeInTheDocument();
    for (const title of [LABELS.newReleases, LABELS.featured, LABELS.similarArtists]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    // The widgets and the source share one GET /api/songs (its first page).
    expect(get.mock.calls.filter(([url]) => url === '/songs')).toHaveLength(1);
  });

  it("starts playback on 'canplaythrough'", async () => {
    mockGet(() => ({ data: CATALOGUE }));
    renderPlayer({ songId: 'a' });
    await screen.findByRole('heading', { level: 1, name: 'Song A' });
    expect(media.play).not.toHaveBeenCalled();
    fireEvent(audioElement(), new Event('canplaythrough'));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('btn-play')).toHaveAccessibleName('Pause');
  });

  it("shows 'No song data available' for a song that is not in the catalogue", async () => {
    mockGet(() => ({ data: CATALOGUE }));
    renderPlayer({ songId: 'missing' });
    expect(await screen.findByText(MESSAGES.noSongData)).toBeInTheDocument();
    expect(screen.queryByTestId('btn-play')).not.toBeInTheDocument();
  });

  it('shows the catalogue error when the songs cannot be fetched', async () => {
    mockGet(() => {
      throw new Error('network down');
    });
    renderPlayer({ songId: 'a' });
    expect(await screen.findAllByText(MESSAGES.songsLoadFailed)).not.toHaveLength(0);
  });

  it('plays a widget song when clicked', async () => {
    mockGet(() => ({ data: CATALOGUE }));
    renderPlayer({ songId: 'a' });
    await screen.findByRole('heading', { level: 1, name: 'Song A' });
    const widget = screen.getByRole('region', { name: LABELS.featured });
    const pick = within(widget).getAllByRole('button')[0]!;
    const name = within(pick).getByText(/^Song /).textContent;
    fireEvent.click(pick);
    expect(screen.getByRole('heading', { level: 1, name: name! })).toBeInTheDocument();
  });
});

describe('/player with {songId, list}: a song played from a paged list', () => {
  const pageOf = (ids: string[]) => ({ data: ids.map((id) => song(id)), total: 6 });

  it('queues the cached page it was played from, reads the next page near its end, never the whole catalogue', async () => {
    // Home showed page 1 of the catalogue (3 songs a page here, 6 in all).
    queryClient.setQueryData(['songs', 'page', 3, 1], pageOf(['a', 'b', 'c']));
    const get = mockGet((url, params) => {
      if (url === '/songs' && params.page === 2 && params.limit === 3) return pageOf(['d', 'e', 'f']);
      if (url === '/songs' && params.page === 1) return pageOf(['a', 'b', 'c']);
      throw new Error(`unexpected GET ${url} ${JSON.stringify(params)}`);
    });
    renderPlayer({ songId: 'c', list: ['songs'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Song C' })).toBeInTheDocument();
    // Song C is the last of its page: the next page is read and appended.
    await waitFor(() => expect(queueNames()).toEqual(['Song A', 'Song B', 'Song C', 'Song D', 'Song E', 'Song F']));
    expect(screen.getAllByTestId('queue-item')[2]).toHaveAttribute('aria-current', 'true');
    const songsCalls = get.mock.calls.filter(([url]) => url === '/songs');
    expect(songsCalls.every(([, config]) => (config as { params?: { limit?: number } })?.params?.limit)).toBe(true);
    expect(songsCalls.filter(([, config]) => (config as { params: { page: number } }).params.page === 2)).toHaveLength(1);
  });

  it('queues the search results a song was played from', async () => {
    queryClient.setQueryData(['search', 'results', 'page', 0, 1], { data: [song('x'), song('y')], total: 2 });
    mockGet(() => pageOf(['a', 'b', 'c']));
    renderPlayer({ songId: 'y', list: ['search', 'results'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Song Y' })).toBeInTheDocument();
    expect(queueNames()).toEqual(['Song X', 'Song Y']);
  });
});

describe("/player with {source: 'samma'}", () => {
  it('plays the own playlist with the user token', async () => {
    signIn();
    const get = mockGet((url) => {
      if (url === '/playlists/p1')
        return { data: { _id: 'p1', name: 'Mine', songs: [song('x'), song('y')] } };
      return { data: CATALOGUE };
    });
    renderPlayer({ source: 'samma', id: 'p1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Song X' })).toBeInTheDocument();
    expect(queueNames()).toEqual(['Song X', 'Song Y']);
    expect(get).toHaveBeenCalledWith('/playlists/p1');
  });

  it('only logs when the user token is missing', async () => {
    const get = mockGet(() => ({ data: CATALOGUE }));
    renderPlayer({ source: 'samma', id: 'p1' });
    expect(await screen.findByText(MESSAGES.noSongData)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.userNotAuthenticated);
    expect(get.mock.calls.some(([url]) => url === '/playlists/p1')).toBe(false);
  });

  it("shows the server's message when the playlist cannot be fetched", async () => {
    signIn();
    mockGet((url) => {
      if (url === '/playlists/p1') throw upstreamError(404, 'Playlist not found');
      return { data: CATALOGUE };
    });
    renderPlayer({ source: 'samma', id: 'p1' });
    expect(
      await screen.findByText('Error fetching user playlists: Playlist not found'),
    ).toBeInTheDocument();
  });
});

describe("/player with {source: 'saavn'}", () => {
  const saavnSong = (n: number): SaavnSong => ({
    id: `s${n}`,
    name: `Saavn ${n}`,
    artists: { primary: [{ name: 'Arijit' }, { name: 'Shreya' }] },
    image: ['50x50', '150x150', '500x500'].map((q) => ({
      quality: q,
      url: `https://c.saavn/${n}-${q}.jpg`,
    })),
    downloadUrl: ['12', '48', '96', '160', '320'].map((q) => ({
      quality: `${q}kbps`,
      url: `https://aac.saavn/${n}-${q}.mp4`,
    })),
  });

  it('uses the third image size and the fifth download entry', async () => {
    mockGet((url, params) => {
      if (url === '/saavn/playlists' && params.id === 'sv1') {
        return {
          success: true,
          data: {
            id: 'sv1',
            name: 'Hits',
            image: [],
            songCount: 2,
            songs: [saavnSong(1), saavnSong(2)],
          },
        };
      }
      return { data: CATALOGUE };
    });
    renderPlayer({ source: 'saavn', id: 'sv1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saavn 1' })).toBeInTheDocument();
    expect(screen.getAllByText('Arijit, Shreya').length).toBeGreaterThan(0);
    expect(audioElement().getAttribute('src')).toBe('https://aac.saavn/1-320.mp4');
    const card = screen.getByRole('region', { name: 'Now playing' });
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://c.saavn/1-500x500.jpg');
  });

  it("shows 'Failed to fetch Saavn playlist.' when the service answers without success", async () => {
    mockGet((url) => (url === '/saavn/playlists' ? { success: false } : { data: CATALOGUE }));
    renderPlayer({ source: 'saavn', id: 'sv1' });
    expect(await screen.findByText(MESSAGES.saavnPlaylistFailed)).toBeInTheDocument();
  });

  it("shows 'Error fetching Saavn playlist: {msg}' when the call fails", async () => {
    mockGet((url) => {
      if (url === '/saavn/playlists') throw upstreamError(502, 'JioSaavn is unavailable');
      return { data: CATALOGUE };
    });
    renderPlayer({ source: 'saavn', id: 'sv1' });
    expect(
      await screen.findByText('Error fetching Saavn playlist: JioSaavn is unavailable'),
    ).toBeInTheDocument();
  });
});

describe("/player with {source: 'spotify'}", () => {
  // The local Spotify fake over real HTTP; our API (/config, /saavn/resolve) at the axios boundary.
  const REDIRECT = 'http://127.0.0.1:5173/library';
  const ROAD_TRIP = '37i9dQZF1DXcBWIGoYBM5M';
  let spotify: SpotifyFake;

  beforeAll(async () => {
    spotify = await startSpotifyFake({ redirectUris: [REDIRECT] });
  });
  afterAll(() => spotify.close());
  beforeEach(() => {
    spotify.reset();
    forgetPublicConfig();
    signIn();
  });

  /** An access token from the fake's authorization code + PKCE flow, as the library screen gets one. */
  async function accessToken(): Promise<string> {
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL('/authorize', spotify.url);
    authorize.search = new URLSearchParams({
      client_id: spotify.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      code_challenge: challenge,
      scope: 'user-read-private playlist-read-private',
    }).toString();
    const back = await fetch(authorize, { redirect: 'manual' });
    const code = new URL(back.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const res = await fetch(new URL('/api/token', spotify.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: spotify.clientId,
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  function serveApi() {
    return mockGet((url, params) => {
      if (url === '/config') {
        return {
          spotify: { clientId: spotify.clientId, accountsUrl: spotify.url, apiUrl: spotify.url },
          mailFrom: 'x',
        };
      }
      if (url === '/saavn/resolve') {
        return params.title === 'Heat Waves'
          ? {
              data: {
                name: 'Heat Waves',
                artist: 'Glass Animals',
                img: 'https://c.saavn/heat.jpg',
                src: 'https://aac.saavn/heat.mp4',
              },
            }
          : { data: null };
      }
      return { data: CATALOGUE };
    });
  }

  it('plays preview_url, else a JioSaavn match, and marks the rest unavailable', async () => {
    serveApi();
    renderPlayer({ source: 'spotify', id: ROAD_TRIP, accessToken: await accessToken() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Heat Waves' }),
    ).toBeInTheDocument();
    expect(audioElement().getAttribute('src')).toBe('https://aac.saavn/heat.mp4');
    expect(queueNames()).toEqual(['Heat Waves', 'As It Was', 'Song Nobody Has']);
    const items = screen.getAllByTestId('queue-item');
    expect(items[2]).toBeDisabled();
    expect(within(items[2]!).getByText('Unavailable')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('btn-next'));
    expect(screen.getByRole('heading', { level: 1, name: 'As It Was' })).toBeInTheDocument();
    expect(audioElement().getAttribute('src')).toBe(`${spotify.url}/previews/as-it-was.mp3`);
    fireEvent.click(screen.getByTestId('btn-next'));
    expect(screen.getByRole('heading', { level: 1, name: 'Heat Waves' })).toBeInTheDocument();
  });

  it("shows Spotify's development-mode message for a playlist the user does not own", async () => {
    serveApi();
    renderPlayer({
      source: 'spotify',
      id: '5ABHKGoOzxkaa28ttQV9sE',
      accessToken: await accessToken(),
    });
    expect(await screen.findByText(SPOTIFY_MESSAGES.devModeForbidden)).toBeInTheDocument();
  });

  it('shows an error for an expired token that cannot be refreshed', async () => {
    serveApi();
    const token = await accessToken();
    spotify.expireAccessTokens();
    renderPlayer({ source: 'spotify', id: ROAD_TRIP, accessToken: token });
    expect(await screen.findByText(SPOTIFY_MESSAGES.sessionEnded)).toBeInTheDocument();
  });
});

describe('/player without navigation state', () => {
  it("shows 'No song data available' when nothing is queued, and no now-playing bar", async () => {
    mockGet(() => ({ data: CATALOGUE }));
    renderPlayer();
    expect(screen.getByText(MESSAGES.noSongData)).toBeInTheDocument();
    expect(screen.queryByTestId('now-playing')).not.toBeInTheDocument();
    // The widgets still offer songs to start from.
    expect(await screen.findByRole('heading', { name: LABELS.newReleases })).toBeInTheDocument();
  });

  it('keeps playing on another screen and shows the current queue on return', async () => {
    mockGet(() => ({ data: CATALOGUE }));
    renderPlayer({ songId: 'b' });
    await screen.findByRole('heading', { level: 1, name: 'Song B' });
    const audio = audioElement();
    fireEvent(audio, new Event('canplaythrough'));
    media.pause.mockClear();

    fireEvent.click(screen.getByRole('link', { name: 'Go home' }));
    expect(screen.getByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(audioElement()).toBe(audio);
    expect(media.pause).not.toHaveBeenCalled();
    const bar = screen.getByTestId('now-playing');
    expect(within(bar).getByText('Song B')).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(within(bar).getByRole('link', { name: 'Open player' }));
    });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Song B' })).toBeInTheDocument(),
    );
    expect(screen.getAllByTestId('queue-item')).toHaveLength(4);
  });
});
