import { SPOTIFY_MESSAGES } from '@samaa/shared';
import { completeSpotifyLogin, readTokens, saveTokens, type SpotifyTokens } from './auth';

/*
 * Spotify's sign-in runs in a popup, so the listener's tab never leaves the app and what is
 * playing goes on. The popup starts with a copy of this tab's session storage (the PKCE verifier
 * and a marker saying it is the popup), finishes the code exchange when Spotify sends it back to
 * /library, hands the tokens over on a same-origin BroadcastChannel and closes. Where popups are
 * blocked, the whole tab goes to Spotify instead, as before.
 */

const MARKER_KEY = 'samaa.spotify.popup';
const CHANNEL = 'samaa-spotify-login';
/** The listener may take a while to type a password; after this the sign-in counts as abandoned. */
const GIVE_UP_MS = 10 * 60 * 1000;

export interface PopupOutcome {
  tokens?: SpotifyTokens;
  error?: string;
}

/** Whether this window is the sign-in popup, back from Spotify with an answer. */
export function isSpotifyLoginPopup(): boolean {
  return sessionStorage.getItem(MARKER_KEY) !== null && /[?&](code|error)=/.test(window.location.search);
}

/** In the popup: finishes the sign-in, tells the tab that opened it, and closes. */
export async function finishLoginInPopup(): Promise<void> {
  sessionStorage.removeItem(MARKER_KEY);
  let outcome: PopupOutcome;
  try {
    await completeSpotifyLogin();
    outcome = { tokens: readTokens() ?? undefined };
  } catch (error) {
    outcome = { error: error instanceof Error ? error.message : SPOTIFY_MESSAGES.denied };
  }
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(outcome);
  channel.close();
  window.close();
}

/** Opens the authorize URL in a popup and waits for its answer. Null when the popup was blocked. */
export function loginInPopup(authorizeUrl: string): Promise<PopupOutcome> | null {
  // Set only while the popup is created: it takes a copy of this tab's session storage.
  sessionStorage.setItem(MARKER_KEY, '1');
  const popup = window.open(authorizeUrl, '_blank', 'popup,width=480,height=720');
  sessionStorage.removeItem(MARKER_KEY);
  if (!popup) return null;
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(CHANNEL);
    let watchClosing = true;
    const done = (outcome: PopupOutcome) => {
      channel.close();
      clearInterval(watch);
      clearTimeout(giveUp);
      if (outcome.tokens) saveTokens(outcome.tokens);
      resolve(outcome);
    };
    channel.onmessage = (event: MessageEvent<PopupOutcome>) => done(event.data ?? {});
    let checks = 0;
    // A popup the listener closes before Spotify answered is a cancelled sign-in. If the window
    // already reads as closed at the first check, the sign-in page cut the link to it (an opener
    // policy): then only its message, or the time limit, ends the wait.
    const watch = setInterval(() => {
      checks += 1;
      if (!popup.closed) return;
      if (checks === 1) watchClosing = false;
      if (watchClosing) setTimeout(() => done({ error: SPOTIFY_MESSAGES.denied }), 1000);
      clearInterval(watch);
    }, 1000);
    const giveUp = setTimeout(() => done({ error: SPOTIFY_MESSAGES.denied }), GIVE_UP_MS);
  });
}
