import { startLastfmFake, startListenBrainzFake, type LastfmFake, type ListenBrainzFake } from '@samaa/test-fakes';
import type { AppContext } from '../context.js';
import { createTestContext, type TestContextOptions } from './context.js';

/** The song scrobble tests play: long enough to count as a listen. */
export const LONG_ROAD = { name: 'Long Road', artist: 'The Fakes', album: 'Wire Format', duration: 200, img: 'https://example.com/c.jpg', song: 'https://example.com/a.mp3' };

export interface ScrobbleServices {
  lb: ListenBrainzFake;
  lastfm: LastfmFake;
  /** A test context whose scrobbling goes to the two fakes. */
  ctx: AppContext;
  /** Forgets what the fakes received and ends their trouble (between tests). */
  reset(): void;
  close(): Promise<void>;
}

/** ListenBrainz and Last.fm fakes (packages/test-fakes), and a test context set to use them. */
export async function startScrobbleServices(options: TestContextOptions = {}): Promise<ScrobbleServices> {
  const [lb, lastfm] = await Promise.all([startListenBrainzFake(), startLastfmFake()]);
  const ctx = createTestContext(
    {
      LISTENBRAINZ_API_URL: lb.url,
      LASTFM_API_URL: `${lastfm.url}/2.0/`,
      LASTFM_AUTH_URL: `${lastfm.url}/api/auth/`,
      LASTFM_API_KEY: lastfm.apiKey,
      LASTFM_SECRET: lastfm.secret,
    },
    options,
  );
  return {
    lb,
    lastfm,
    ctx,
    reset() {
      lb.reset();
      lastfm.reset();
    },
    close: async () => {
      await Promise.all([lb.close(), lastfm.close()]);
    },
  };
}
