/** The web's local storage keys. */
export const STORAGE_KEYS = {
  user: 'user',
  userAuthToken: 'userAuthToken',
  adminAuthToken: 'adminAuthToken',
  isUserLoggedIn: 'isUserLoggedIn',
  isAdminLoggedIn: 'isAdminLoggedIn',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Keys the listener logout clears. */
export const USER_SESSION_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.user,
  STORAGE_KEYS.userAuthToken,
  STORAGE_KEYS.isUserLoggedIn,
];

/** Keys the admin logout clears. */
export const ADMIN_SESSION_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.adminAuthToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.isAdminLoggedIn,
];
