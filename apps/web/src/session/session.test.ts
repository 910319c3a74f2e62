import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type UserRecord } from '@samaa/shared';
import {
  browserLocation,
  currentArea,
  getStoredUser,
  logoutAdmin,
  logoutUser,
  saveAdminSession,
  saveUserSession,
  setNotice,
  takeNotice,
} from './session';

const user: UserRecord = {
  _id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  gender: 'female',
  verified: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  isAdmin: false,
};

const storedKeys = () => Object.keys(localStorage).sort();

describe('session storage', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    localStorage.setItem('unrelated', 'kept');
  });
  afterEach(() => vi.restoreAllMocks());

  it('stores the user token, user and flag under the storage keys (STORAGE_KEYS)', () => {
    saveUserSession('tok', user);
    expect(localStorage.getItem(STORAGE_KEYS.userAuthToken)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.isUserLoggedIn)).toBe('true');
    expect(getStoredUser()).toEqual(user);
    expect(currentArea()).toBe('listener');
  });

  it('user logout clears user, userAuthToken and isUserLoggedIn only, then reloads on /userlogin', () => {
    saveUserSession('tok', user);
    localStorage.setItem(STORAGE_KEYS.adminAuthToken, 'adm');
    logoutUser();
    expect(storedKeys()).toEqual([STORAGE_KEYS.adminAuthToken, 'unrelated'].sort());
    expect(assign).toHaveBeenCalledWith('/userlogin');
  });

  it('admin logout clears adminAuthToken, user and isAdminLoggedIn only, then reloads on /adminlogin', () => {
    saveAdminSession('adm', { ...user, isAdmin: true });
    localStorage.setItem(STORAGE_KEYS.userAuthToken, 'tok');
    localStorage.setItem(STORAGE_KEYS.isUserLoggedIn, 'true');
    expect(currentArea()).toBe('admin');
    logoutAdmin();
    expect(storedKeys()).toEqual(
      [STORAGE_KEYS.isUserLoggedIn, STORAGE_KEYS.userAuthToken, 'unrelated'].sort(),
    );
    expect(assign).toHaveBeenCalledWith('/adminlogin');
  });

  it('ignores a malformed stored user', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(getStoredUser()).toBeNull();
  });

  it('hands a notice out once', () => {
    setNotice('Session over');
    expect(takeNotice()).toBe('Session over');
    expect(takeNotice()).toBeNull();
  });
});
