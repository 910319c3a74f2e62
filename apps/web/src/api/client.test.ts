import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@samaa/shared';
import { api, API_ORIGIN, errorMessage, mediaFetchHeaders, SESSION_EXPIRED_NOTICE } from './client';
import { browserLocation, takeNotice } from '../session/session';
import { mockApi, signInListener, type ApiMock } from '../test/apiMock';

let mock: ApiMock;
let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  mock?.restore();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends the token of the current area as x-auth-token', async () => {
    signInListener();
    mock = mockApi({ 'GET /songs': [200, { data: [] }] });
    await api.get('/songs');
    expect(mock.calls[0]?.headers.get('x-auth-token')).toBe('user-token');
  });

  it('gives a script fetch of our /media the token, and other hosts nothing', () => {
    expect(mediaFetchHeaders(`${API_ORIGIN}/media/audio/a.mp3`)).toEqual({});
    signInListener();
    expect(mediaFetchHeaders(`${API_ORIGIN}/media/audio/a.mp3`)).toEqual({ Authorization: 'Bearer user-token' });
    expect(mediaFetchHeaders('/media/images/a.png')).toEqual({ Authorization: 'Bearer user-token' });
    expect(mediaFetchHeaders('https://cdn.example.com/media/audio/a.mp3')).toEqual({});
    expect(mediaFetchHeaders(`${API_ORIGIN}/api/songs`)).toEqual({});
  });

  it('sends no token when signed out', async () => {
    mock = mockApi({ 'GET /songs': [200, { data: [] }] });
    await api.get('/songs');
    expect(mock.calls[0]?.headers.has('x-auth-token')).toBe(false);
  });

  it('on a 401 of an authenticated call clears the listener session and returns to /userlogin with a notice', async () => {
    signInListener();
    localStorage.setItem(STORAGE_KEYS.adminAuthToken, 'kept');
    mock = mockApi({
      'GET /playlists/user-playlists': [401, { message: 'Invalid or expired token.' }],
    });
    await expect(api.get('/playlists/user-playlists')).rejects.toThrow();
    expect(localStorage.getItem(STORAGE_KEYS.userAuthToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminAuthToken)).toBe('kept');
    expect(assign).toHaveBeenCalledWith('/userlogin');
    expect(takeNotice()).toBe(SESSION_EXPIRED_NOTICE);
  });

  it('on a 401 in the admin area returns to /adminlogin', async () => {
    localStorage.setItem(STORAGE_KEYS.adminAuthToken, 'adm');
    localStorage.setItem(STORAGE_KEYS.isAdminLoggedIn, 'true');
    mock = mockApi({ 'GET /users': [401, { message: 'Invalid or expired token.' }] });
    await expect(api.get('/users')).rejects.toThrow();
    expect(localStorage.getItem(STORAGE_KEYS.adminAuthToken)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/adminlogin');
  });

  it('leaves a signed-out 401 (wrong password) to the screen', async () => {
    mock = mockApi({ 'POST /login': [401, { message: 'Invalid email or password' }] });
    const error = await api.post('/login', {}).catch((e: unknown) => e);
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
    expect(assign).not.toHaveBeenCalled();
  });

  it('falls back when the error carries no message', () => {
    expect(errorMessage(new Error('network'), 'fallback')).toBe('fallback');
  });
});
