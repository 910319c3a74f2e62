import axios, { AxiosError } from 'axios';
import {
  clearAdminSession,
  clearUserSession,
  currentArea,
  hardNavigate,
  setNotice,
  tokenForCurrentArea,
} from '../session/session';

/** VITE_API_URL, else the origin the SPA was served from plus /api (the default under npm start). */
export const API_BASE_URL = (import.meta.env.VITE_API_URL || `${window.location.origin}/api`).replace(/\/+$/, '');

/** The origin of the API, for media paths (/media/...) the API returns. */
export const API_ORIGIN = new URL(API_BASE_URL, window.location.href).origin;

export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please log in again.';

/** The one HTTP client. No time-out: a slow answer is still an answer. */
export const api = axios.create({ baseURL: API_BASE_URL });

api.interceptors.request.use((config) => {
  if (!config.headers.has('x-auth-token')) {
    const token = tokenForCurrentArea();
    if (token) config.headers.set('x-auth-token', token);
  }
  return config;
});

api.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && error.config?.headers?.has('x-auth-token')) {
    const area = currentArea();
    if (area !== 'signedOut') {
      if (area === 'admin') clearAdminSession();
      else clearUserSession();
      setNotice(SESSION_EXPIRED_NOTICE);
      hardNavigate(area === 'admin' ? '/adminlogin' : '/userlogin');
    }
  }
  return Promise.reject(error);
});

/** The server's `{ message }` when there is one, else the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string' && data.message) return data.message;
  }
  return fallback;
}

/**
 * Headers for a script's fetch of one of our /media files: the session token. Media elements and
 * covers cannot send it; they go by the media cookie (docs/media.md). Other hosts get nothing.
 */
export function mediaFetchHeaders(url: string): Record<string, string> {
  if (!url.startsWith(`${API_ORIGIN}/media/`) && !url.startsWith('/media/')) return {};
  const token = tokenForCurrentArea();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Turns an API media path (/media/...) into an absolute URL; leaves full URLs alone. */
export function mediaUrl(pathOrUrl: string | undefined | null): string {
  if (!pathOrUrl) return '';
  return pathOrUrl.startsWith('/') ? `${API_ORIGIN}${pathOrUrl}` : pathOrUrl;
}
