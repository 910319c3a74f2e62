import { afterEach, beforeEach, expect, it } from 'vitest';
import { spotifyUseLoopback } from '@samaa/shared';
import { mockApi, type ApiMock } from '../../test/apiMock';
import { forgetPublicConfig } from './settings';
import { startSpotifyLogin } from './spotify';

// jsdom's default page is http://localhost:3000: Spotify would refuse that redirect URI.
let api: ApiMock;
beforeEach(() => {
  forgetPublicConfig();
  api = mockApi({
    'GET /config': [200, { spotify: { clientId: 'id', accountsUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:1' }, mailFrom: 'x' }],
  });
});
afterEach(() => api.restore());

it('asks to open the app on 127.0.0.1 instead of starting a login that cannot come back', async () => {
  expect(window.location.hostname).toBe('localhost');
  await expect(startSpotifyLogin()).rejects.toThrow(spotifyUseLoopback('http://127.0.0.1:3000'));
  expect(sessionStorage.getItem('samaa.spotify.login')).toBeNull();
});
