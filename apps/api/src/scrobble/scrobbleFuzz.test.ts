import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startScrobbleServices, type ScrobbleServices } from '../test/scrobbleServices.js';
import { createApp } from '../app.js';
import { createUser, type TestUser } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';
import { fuzzRoute, type FuzzRequest } from '../test/fuzz.js';
import { listenApp, type ListeningApp } from '../test/listen.js';

useTestDatabase();
let services: ScrobbleServices;
let server: ListeningApp;
let listener: TestUser;

beforeAll(async () => {
  services = await startScrobbleServices();
  server = await listenApp(createApp(services.ctx));
  listener = await createUser();
});
afterAll(async () => {
  await server.close();
  await services.close();
});

const text = fc.string({ maxLength: 120 });

describe('fuzz: scrobbling routes (≥ 200 malformed requests each)', () => {
  it('PUT /api/account/listenbrainz', async () => {
    await fuzzRoute(server.url, {
      method: 'PUT',
      path: () => '/api/account/listenbrainz',
      token: listener.token,
      forgedFor: listener._id,
      // A token ListenBrainz does not know: refused too.
      body: { token: 'a-token-listenbrainz-never-issued' },
      fields: ['token'],
    });
  });

  it('GET /api/account/lastfm/callback', async () => {
    await fuzzRoute(server.url, {
      method: 'GET',
      path: () => '/api/account/lastfm/callback?state=x&token=abc',
      extra: fc.tuple(text, text).map(([state, token]): FuzzRequest => ({
        method: 'GET',
        path: `/api/account/lastfm/callback?${new URLSearchParams({ state, token })}`,
        fault: 'a state we never signed',
      })),
    });
  });
});
