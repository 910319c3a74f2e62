// @vitest-environment-options {"url": "http://127.0.0.1:5173/library"}
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPOTIFY_MESSAGES } from '@samaa/shared';
import { startSpotifyFake, type SpotifyFake } from '@samaa/test-fakes';
import { mockApi, signInListener, type ApiMock } from '../../test/apiMock';
import { buildAuthorizeUrl, readTokens } from './auth';
import { forgetPublicConfig } from './settings';
import {
  completeSpotifyLogin,
  fetchSpotifyPlaylists,
  fetchSpotifyPlaylistTracks,
  fetchSpotifyImportTracks,
  isSpotifyConfigured,
  spotifyRedirectUri,
} from './spotify';

/**
 * The whole PKCE flow against the local Spotify fake, over real HTTP: authorize redirect, code
 * exchange, refresh, playlists, tracks (both shapes, /items → /tracks fallback). Our own API
 * (/api/config and /api/saavn/resolve) is faked at the axios boundary.
 */

const REDIRECT = 'http://127.0.0.1:5173/library';
let spotify: SpotifyFake;
let api: ApiMock;

beforeAll(async () => {
  spotify = await startSpotifyFake({ redirectUris: [REDIRECT] });
});
afterAll(() => spotify.close());

function serveApi(clientId: string | null = spotify.clientId) {
  api = mockApi({
    'GET /config': [200, { spotify: { clientId, accountsUrl: spotify.url, apiUrl: spotify.url }, mailFrom: 'x' }],
    'GET /saavn/resolve': (req) =>
      req.params.title === 'Heat Waves' && req.params.artist === 'Glass Animals'
        ? [200, { data: { name: 'Heat Waves', artist: 'Glass Animals', img: 'https://c.saavncdn.com/heat-500x500.jpg', src: 'https://aac.saavncdn.com/heat_320.mp4' } }]
        : [200, { data: null }],
  });
}

beforeEach(() => {
  forgetPublicConfig();
  spotify.reset();
  signInListener();
  window.history.replaceState(null, '', '/library');
  serveApi();
});
afterEach(() => api.restore());

/** Follows the authorize URL like a browser would, to the redirect back to /library. */
async function authorize(): Promise<URL> {
  const authorizeUrl = await buildAuthorizeUrl();
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function signIn() {
  const back = await authorize();
  window.history.replaceState(null, '', `${back.pathname}${back.search}`);
  await expect(completeSpotifyLogin()).resolves.toBe(true);
}

describe('Spotify settings', () => {
  it('is configured only with a client id', async () => {
    await expect(isSpotifyConfigured()).resolves.toBe(true);
    api.restore();
    forgetPublicConfig();
    serveApi(null);
    await expect(isSpotifyConfigured()).resolves.toBe(false);
    await expect(buildAuthorizeUrl()).rejects.toThrow(SPOTIFY_MESSAGES.notConfigured);
  });

  it('uses the loopback IP instead of localhost in the redirect URI', () => {
    expect(spotifyRedirectUri({ origin: 'http://localhost:3000' })).toBe('http://127.0.0.1:3000/library');
    expect(spotifyRedirectUri({ origin: 'https://music.example.org' })).toBe('https://music.example.org/library');
    expect(spotifyRedirectUri()).toBe(REDIRECT);
  });
});

describe('authorization code flow with PKCE', () => {
  it('sends the authorize request Spotify expects and comes back to /library with code and state', async () => {
    const authorizeUrl = new URL(await buildAuthorizeUrl());
    const q = authorizeUrl.searchParams;
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${spotify.url}/authorize`);
    expect(q.get('client_id')).toBe(spotify.clientId);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(REDIRECT);
    expect(q.get('scope')).toBe('user-read-private playlist-read-private');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await fetch(authorizeUrl, { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(q.get('state'));
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('exchanges the code in the browser, keeps the tokens in sessionStorage and cleans the address bar', async () => {
    await signIn();
    const tokens = readTokens();
    expect(tokens?.accessToken).toBeTruthy();
    expect(tokens?.refreshToken).toBeTruthy();
    expect(tokens!.expiresAt).toBeGreaterThan(Date.now() + 3000_000);
    expect(sessionStorage.getItem('samaa.spotify.tokens')).toContain(tokens!.accessToken);
    expect(localStorage.getItem('samaa.spotify.tokens')).toBeNull();
    expect(window.location.search).toBe('');
    expect(spotify.requests.filter((r) => r === 'POST /api/token')).toHaveLength(1);
    // Without a code in the URL, the session is simply reported.
    await expect(completeSpotifyLogin()).resolves.toBe(true);
  });

  it('shares one exchange between concurrent calls (React StrictMode effects)', async () => {
    const back = await authorize();
    window.history.replaceState(null, '', `${back.pathname}${back.search}`);
    const [a, b] = await Promise.all([completeSpotifyLogin(), completeSpotifyLogin()]);
    expect([a, b]).toEqual([true, true]);
    expect(spotify.requests.filter((r) => r === 'POST /api/token')).toHaveLength(1);
  });

  it('refuses a redirect whose state does not match the login this tab started', async () => {
    const back = await authorize();
    back.searchParams.set('state', 'forged');
    window.history.replaceState(null, '', `${back.pathname}${back.search}`);
    await expect(completeSpotifyLogin()).rejects.toThrow(SPOTIFY_MESSAGES.stateMismatch);
    expect(readTokens()).toBeNull();
  });

  it('fails the exchange when the code verifier does not match the challenge', async () => {
    const back = await authorize();
    const login = JSON.parse(sessionStorage.getItem('samaa.spotify.login')!);
    sessionStorage.setItem('samaa.spotify.login', JSON.stringify({ ...login, verifier: 'x'.repeat(64) }));
    window.history.replaceState(null, '', `${back.pathname}${back.search}`);
    await expect(completeSpotifyLogin()).rejects.toThrow('Spotify sign-in failed: code_verifier was incorrect');
    expect(readTokens()).toBeNull();
  });

  it('explains a cancelled sign-in', async () => {
    spotify.denyNextAuthorization();
    const back = await authorize();
    expect(back.searchParams.get('error')).toBe('access_denied');
    window.history.replaceState(null, '', `${back.pathname}${back.search}`);
    await expect(completeSpotifyLogin()).rejects.toThrow(SPOTIFY_MESSAGES.denied);
  });

  it('refreshes an expired access token with the refresh token', async () => {
    await signIn();
    const first = readTokens()!;
    spotify.expireAccessTokens();
    await expect(fetchSpotifyPlaylists()).resolves.toHaveLength(3);
    const second = readTokens()!;
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(spotify.requests.filter((r) => r.startsWith('GET /v1/me/playlists'))).toHaveLength(2);
  });

  it('refreshes ahead of time when the stored token is about to expire', async () => {
    await signIn();
    const first = readTokens()!;
    sessionStorage.setItem('samaa.spotify.tokens', JSON.stringify({ ...first, expiresAt: Date.now() + 1000 }));
    await fetchSpotifyPlaylists();
    expect(readTokens()!.accessToken).not.toBe(first.accessToken);
    expect(spotify.requests.filter((r) => r.startsWith('GET /v1/me/playlists'))).toHaveLength(1);
  });

  it('ends the session when the refresh token is refused', async () => {
    await signIn();
    const tokens = readTokens()!;
    sessionStorage.setItem('samaa.spotify.tokens', JSON.stringify({ ...tokens, refreshToken: 'revoked' }));
    spotify.expireAccessTokens();
    await expect(fetchSpotifyPlaylists()).rejects.toThrow(SPOTIFY_MESSAGES.sessionEnded);
    expect(readTokens()).toBeNull();
  });
});

describe('playlists', () => {
  it('fails clearly without a Spotify session', async () => {
    await expect(fetchSpotifyPlaylists()).rejects.toThrow(SPOTIFY_MESSAGES.notConnected);
  });

  it.each(['items', 'tracks'] as const)('reads /v1/me/playlists with the %s field into card view models', async (shape) => {
    await signIn();
    spotify.playlistShape = shape;
    const cards = await fetchSpotifyPlaylists();
    expect(cards[0]).toEqual({
      id: '37i9dQZF1DXcBWIGoYBM5M',
      name: 'Road Trip',
      images: [{ url: `${spotify.url}/images/road-trip.jpg` }],
      tracks: { total: 3 },
    });
    expect(cards[1]).toMatchObject({ name: 'Throwbacks', images: [], tracks: { total: 1 } });
  });

  it('shows the development-mode limits on a 403', async () => {
    await signIn();
    spotify.mePlaylistsStatus = 403;
    await expect(fetchSpotifyPlaylists()).rejects.toThrow(SPOTIFY_MESSAGES.devModeForbidden);
  });
});

describe('playlist tracks for the import', () => {
  it('reads title, artists, album, duration and the ISRC of each track', async () => {
    await signIn();
    const tracks = await fetchSpotifyImportTracks('37i9dQZF1DXcBWIGoYBM5M');
    expect(tracks[0]).toEqual({ title: 'Heat Waves', artists: ['Glass Animals'], album: 'Heat Waves (album)', durationMs: 200_000, isrc: 'GBUM72000433' });
    expect(tracks[2]).toEqual({ title: 'Song Nobody Has', artists: ['Nobody Known'], album: 'Song Nobody Has (album)', durationMs: 200_000 });
    // The import reads the tracks only: nothing is resolved on JioSaavn in the browser.
    expect(api.callsTo('GET /saavn/resolve')).toHaveLength(0);
  });
});

describe('playlist tracks for the player', () => {
  it('reads /items (entry.item): preview_url, else a JioSaavn match, else unavailable', async () => {
    await signIn();
    const tracks = await fetchSpotifyPlaylistTracks('37i9dQZF1DXcBWIGoYBM5M');
    expect(tracks).toEqual([
      {
        id: '6UelLqGlWMcVH1E5c4H7lY',
        name: 'Heat Waves',
        artist: 'Glass Animals',
        img: `${spotify.url}/images/heat.jpg`,
        src: 'https://aac.saavncdn.com/heat_320.mp4',
      },
      {
        id: '4LRPiXqCikLlN15c3yImP7',
        name: 'As It Was',
        artist: 'Harry Styles',
        img: `${spotify.url}/images/as-it-was.jpg`,
        src: `${spotify.url}/previews/as-it-was.mp3`,
      },
      { id: '0nbXyq5TXYPCO7pr3N8S4I', name: 'Song Nobody Has', artist: 'Nobody Known', img: '', src: '', unavailable: true },
    ]);
    expect(spotify.requests.some((r) => r.startsWith('GET /v1/playlists/37i9dQZF1DXcBWIGoYBM5M/items'))).toBe(true);
    expect(spotify.requests.some((r) => r.includes('/tracks'))).toBe(false);
    // A track with a preview is not looked up on JioSaavn; the listener's token goes to our API.
    const lookups = api.callsTo('GET /saavn/resolve');
    expect(lookups.map((c) => c.params.title).sort()).toEqual(['Heat Waves', 'Song Nobody Has']);
    expect(lookups[0]!.headers.get('x-auth-token')).toBe('user-token');
  });

  it.each([403, 404] as const)('falls back to /tracks (entry.track) when /items answers %i', async (status) => {
    await signIn();
    spotify.itemsStatus = status;
    const tracks = await fetchSpotifyPlaylistTracks('1Fgk3nRrzyOz5pQyPTWSXr');
    expect(tracks).toEqual([
      { id: '2takcwOaAZWiXQijPHIx7B', name: 'Take On Me', artist: 'a-ha', img: '', src: '', unavailable: true },
    ]);
    expect(spotify.requests.filter((r) => r.startsWith('GET /v1/playlists/'))).toEqual([
      'GET /v1/playlists/1Fgk3nRrzyOz5pQyPTWSXr/items?limit=50',
      'GET /v1/playlists/1Fgk3nRrzyOz5pQyPTWSXr/tracks?limit=100',
    ]);
  });

  it('explains the development-mode limit for a playlist the user does not own', async () => {
    await signIn();
    await expect(fetchSpotifyPlaylistTracks('5ABHKGoOzxkaa28ttQV9sE')).rejects.toThrow(SPOTIFY_MESSAGES.devModeForbidden);
  });

  it('accepts the access token from navigation state', async () => {
    await signIn();
    const { accessToken } = readTokens()!;
    sessionStorage.clear();
    const tracks = await fetchSpotifyPlaylistTracks('1Fgk3nRrzyOz5pQyPTWSXr', accessToken);
    expect(tracks.map((t) => t.name)).toEqual(['Take On Me']);
  });

  it('rejects an id that is not a Spotify id without calling Spotify', async () => {
    await signIn();
    spotify.reset();
    await expect(fetchSpotifyPlaylistTracks('../me')).rejects.toThrow(SPOTIFY_MESSAGES.invalidPlaylist);
    expect(spotify.requests).toEqual([]);
  });

  it('marks a track unavailable when the JioSaavn look-up fails', async () => {
    await signIn();
    api.on({ 'GET /saavn/resolve': [502, { message: 'The JioSaavn service is not available right now.' }] });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tracks = await fetchSpotifyPlaylistTracks('37i9dQZF1DXcBWIGoYBM5M');
    expect(tracks.map((t) => Boolean(t.unavailable))).toEqual([true, false, true]);
    spy.mockRestore();
  });
});
