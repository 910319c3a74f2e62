import { startListenBrainzFake, startSaavnFake, startSpotifyFake, type RunningFake } from '@samaa/test-fakes';

export const SPOTIFY_CLIENT_ID = 'samaa-e2e-client';
/** A user token the ListenBrainz fake knows, and the user name it belongs to. */
export const LISTENBRAINZ_E2E = { token: 'e2e-listenbrainz-token-7f3c1a9d', userName: 'e2e-listener' };

export interface ThirdPartyFakes {
  /** Settings pointing the app at the fakes. */
  env: Record<string, string>;
  /** The ListenBrainz fake, read by tests through its /1/user/{name}/listens. */
  listenBrainzUrl: string;
  close(): Promise<void>;
}

/** Starts the local JioSaavn, Spotify and ListenBrainz fakes; Spotify accepts the app's /library redirect. */
export async function startThirdPartyFakes(appBaseUrl: string): Promise<ThirdPartyFakes> {
  const saavn = await startSaavnFake();
  const spotify = await startSpotifyFake({ clientId: SPOTIFY_CLIENT_ID, redirectUris: [`${appBaseUrl}/library`] });
  const listenBrainz = await startListenBrainzFake();
  listenBrainz.addUser(LISTENBRAINZ_E2E.token, LISTENBRAINZ_E2E.userName);
  const running: RunningFake[] = [saavn, spotify, listenBrainz];
  return {
    env: {
      SAAVN_API_URL: saavn.url,
      SPOTIFY_CLIENT_ID,
      SPOTIFY_ACCOUNTS_URL: spotify.url,
      SPOTIFY_API_URL: spotify.url,
      LISTENBRAINZ_API_URL: listenBrainz.url,
    },
    listenBrainzUrl: listenBrainz.url,
    close: async () => void (await Promise.all(running.map((f) => f.close()))),
  };
}
