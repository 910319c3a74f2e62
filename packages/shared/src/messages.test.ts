import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  categoryError,
  categoryFailed,
  errorLine,
  saavnPlaylistError,
  spotifyPlaylistsError,
  trendingError,
  userPlaylistsError,
} from './messages.js';
import { ADMIN_SESSION_KEYS, STORAGE_KEYS, USER_SESSION_KEYS } from './storageKeys.js';
import { escapeRegExp, formatTime } from './format.js';

describe('the product strings', () => {
  it('are pinned to the letter', () => {
    expect(MESSAGES).toMatchObject({
      loginFailed: 'An error occurred while logging in. Please try again later.',
      adminLoginFailed: 'Invalid email or password',
      notAdmin: 'You are not authorized to log in as admin',
      loginFieldsRequired: 'Email and password are required',
      verificationFailed: 'Verification not successful',
      emailVerified: 'Email verified successfully',
      songsLoadFailed: 'Failed to fetch songs',
      songsLoadFailedHome: 'Failed to fetch songs.',
      userPlaylistsFailed: 'Failed to fetch user playlists.',
      spotifyPlaylistsFailed: 'Failed to fetch playlists.',
      trendingFailed: 'Failed to fetch trending playlists.',
      saavnPlaylistFailed: 'Failed to fetch Saavn playlist.',
      usersLoadFailed: 'Failed to fetch users.',
      deleteSongFailed: 'Failed to delete song. Please try again.',
      deleteUserFailed: 'Failed to delete user. Please try again.',
      likedSongsFailed: 'An error occurred while fetching liked songs.',
      noSongData: 'No song data available',
      formSubmitted: 'Form submitted successfully!',
      formFailed: 'An error occurred. Please try again later.',
      playlistUpdated: 'Playlist updated successfully!',
      songUpdated: 'Song updated successfully!',
      noResults: 'No results found.',
      noPlaylists: 'No playlists found.',
      noTrending: 'No trending playlists found.',
      noLikedSongs: 'No liked songs found.',
      noSongsUploaded: 'No songs uploaded. Be the first to add one!',
      userNotAuthenticated: 'User not authenticated',
    });
  });

  it('builds the detailed messages', () => {
    expect(userPlaylistsError('x')).toBe('Error fetching user playlists: x');
    expect(spotifyPlaylistsError('x')).toBe('Error fetching playlists: x');
    expect(categoryFailed('Pop')).toBe('Failed to fetch Pop playlists.');
    expect(categoryError('Pop', 'x')).toBe('Error fetching Pop playlists: x');
    expect(trendingError('x')).toBe('Error fetching trending playlists: x');
    expect(saavnPlaylistError('x')).toBe('Error fetching Saavn playlist: x');
    expect(errorLine('x')).toBe('Error: x');
  });
});

describe('local storage keys', () => {
  it("are the web's storage keys, and each logout clears its own", () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      ['adminAuthToken', 'isAdminLoggedIn', 'isUserLoggedIn', 'user', 'userAuthToken'].sort(),
    );
    expect([...USER_SESSION_KEYS].sort()).toEqual(['isUserLoggedIn', 'user', 'userAuthToken']);
    expect([...ADMIN_SESSION_KEYS].sort()).toEqual(['adminAuthToken', 'isAdminLoggedIn', 'user']);
  });
});

describe('helpers', () => {
  it('formats time', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });

  it('escapes regular expressions', () => {
    expect(new RegExp(escapeRegExp('a.b*(c)')).test('a.b*(c)')).toBe(true);
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});
