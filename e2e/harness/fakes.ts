import { startSaavnFake, startSpotifyFake, type RunningFake } from '@samaa/test-fakes';

export const SPOTIFY_CLIENT_ID = 'samaa-e2e-client';

export interface ThirdPartyFakes {
  /** Settings pointing the app at the fakes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts the local JioSaavn and Spotify fakes; Spotify accepts the app's /library redirect. */
export async function startThirdPartyFakes(appBaseUrl: string): Promise<ThirdPartyFakes> {
  const saavn = await startSaavnFake();
  const spotify = await startSpotifyFake({ clientId: SPOTIFY_CLIENT_ID, redirectUris: [`${appBaseUrl}/library`] });
  const running: RunningFake[] = [saavn, spotify];
  return {
    env: {
      SAAVN_API_URL: saavn.url,
      SPOTIFY_CLIENT_ID,
      SPOTIFY_ACCOUNTS_URL: spotify.url,
      SPOTIFY_API_URL: spotify.url,
    },
    close: async () => void (await Promise.all(running.map((f) => f.close()))),
  };
}
