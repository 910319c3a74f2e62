import {
  ADMIN_SESSION_KEYS,
  MESSAGES,
  STORAGE_KEYS,
  USER_SESSION_KEYS,
  type UserRecord,
} from '@samaa/shared';

export type Area = 'admin' | 'listener' | 'signedOut';

const NOTICE_KEY = 'samaa.notice';

/** The root gate: admin flag and token, else user flag and token, else signed out. */
export function currentArea(storage: Storage = localStorage): Area {
  if (
    storage.getItem(STORAGE_KEYS.isAdminLoggedIn) &&
    storage.getItem(STORAGE_KEYS.adminAuthToken)
  ) {
    return 'admin';
  }
  if (storage.getItem(STORAGE_KEYS.isUserLoggedIn) && storage.getItem(STORAGE_KEYS.userAuthToken)) {
    return 'listener';
  }
  return 'signedOut';
}

export function getStoredUser(storage: Storage = localStorage): UserRecord | null {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as UserRecord;
    return user && typeof user === 'object' && typeof user._id === 'string' ? user : null;
  } catch {
    return null;
  }
}

export const getUserToken = () => localStorage.getItem(STORAGE_KEYS.userAuthToken);
export const getAdminToken = () => localStorage.getItem(STORAGE_KEYS.adminAuthToken);

/** The token of the area the visitor is in, for the x-auth-token header. */
export function tokenForCurrentArea(): string | null {
  const area = currentArea();
  if (area === 'admin') return getAdminToken();
  if (area === 'listener') return getUserToken();
  return null;
}

export function saveUserSession(token: string, user: UserRecord): void {
  localStorage.setItem(STORAGE_KEYS.userAuthToken, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.isUserLoggedIn, 'true');
}

export function saveAdminSession(token: string, user: UserRecord): void {
  localStorage.setItem(STORAGE_KEYS.adminAuthToken, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.isAdminLoggedIn, 'true');
}

export function clearUserSession(): void {
  for (const key of USER_SESSION_KEYS) localStorage.removeItem(key);
}

export function clearAdminSession(): void {
  for (const key of ADMIN_SESSION_KEYS) localStorage.removeItem(key);
}

/** The browser's full-page navigation, behind an object so tests can observe it (jsdom cannot navigate). */
export const browserLocation = {
  assign(path: string): void {
    window.location.assign(path);
  },
};

/** Full-page navigation: a logout goes to the login screen and reloads. */
export function hardNavigate(path: string): void {
  browserLocation.assign(path);
}

/**
 * Dispatched on `window` as a listener logs out, while the session is still there: what is kept
 * for them (the play queue) is sent now, not after the session is gone.
 */
export const USER_SESSION_ENDING = 'samaa:user-session-ending';

export function logoutUser(): void {
  window.dispatchEvent(new Event(USER_SESSION_ENDING));
  clearUserSession();
  hardNavigate('/userlogin');
}

export function logoutAdmin(): void {
  clearAdminSession();
  hardNavigate('/adminlogin');
}

/** A one-time notice shown by the next login screen (e.g. after an expired session). */
export function setNotice(text: string): void {
  sessionStorage.setItem(NOTICE_KEY, text);
}

export function takeNotice(): string | null {
  const text = sessionStorage.getItem(NOTICE_KEY);
  if (text) sessionStorage.removeItem(NOTICE_KEY);
  return text;
}

/**
 * The listener's like, add-song, search, playlist and liked-song calls need the stored user token;
 * without it the call is logged as "User not authenticated" and not sent.
 */
export function hasUserToken(): boolean {
  if (getUserToken()) return true;
  console.error(MESSAGES.userNotAuthenticated);
  return false;
}
