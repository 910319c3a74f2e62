import type { RunningFake } from '@samaa/test-fakes';
import * as testFakes from '@samaa/test-fakes';

export interface ThirdPartyFakes {
  /** Settings pointing the app at the fakes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

type Starter = () => Promise<RunningFake>;

/** Starts the local JioSaavn and Spotify fakes when the fakes package provides them. */
export async function startThirdPartyFakes(): Promise<ThirdPartyFakes> {
  const exports = testFakes as unknown as Record<string, Starter | undefined>;
  const running: RunningFake[] = [];
  const env: Record<string, string> = {};
  const saavn = exports.startSaavnFake;
  if (saavn) {
    const fake = await saavn();
    running.push(fake);
    env.SAAVN_API_URL = fake.url;
  }
  const spotify = exports.startSpotifyFake;
  if (spotify) {
    const fake = await spotify();
    running.push(fake);
    env.SPOTIFY_CLIENT_ID = 'samaa-e2e-client';
    env.SPOTIFY_ACCOUNTS_URL = fake.url;
    env.SPOTIFY_API_URL = fake.url;
  }
  return { env, close: async () => void (await Promise.all(running.map((f) => f.close()))) };
}
