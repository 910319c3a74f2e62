/**
 * Every user-facing string of the product, to the letter: tests pin them, and the web and the API
 * send only these.
 * Functions build the strings that carry a detail.
 */
export const MESSAGES = {
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
  // Admin screens' own texts.
  analyticsLoadFailed: 'Failed to fetch analytics.',
  noUsers: 'No users found.',
  // Listener area's own texts.
  noSongsYet: 'No songs yet.',
  searchFailed: 'Search failed. Please try again.',
  /** The Library's notice without SPOTIFY_CLIENT_ID (SPOTIFY_MESSAGES.notConfigured is the error form). */
  spotifyImportNotConfigured:
    'The Spotify import is not configured on this server. An administrator can enable it by setting SPOTIFY_CLIENT_ID.',
} as const;

export const userPlaylistsError = (detail: string) => `Error fetching user playlists: ${detail}`;
export const spotifyPlaylistsError = (msg: string) => `Error fetching playlists: ${msg}`;
export const categoryFailed = (category: string) => `Failed to fetch ${category} playlists.`;
export const categoryError = (category: string, msg: string) =>
  `Error fetching ${category} playlists: ${msg}`;
export const trendingError = (msg: string) => `Error fetching trending playlists: ${msg}`;
export const saavnPlaylistError = (msg: string) => `Error fetching Saavn playlist: ${msg}`;
export const errorLine = (message: string) => `Error: ${message}`;

/** Screen texts that are not errors (sign-up, login, verification, the admin area). */
export const LABELS = {
  registering: 'Registering...',
  loggingIn: 'Logging in...',
  searching: 'Searching...',
  loading: 'Loading...',
  library: 'Library',
  sammaPlaylist: 'Samma Playlist',
  fetchSpotify: 'Fetch Playlists from Spotify',
  createPlaylist: 'Create Playlist',
  deletePlaylist: 'Delete Playlist',
  updatePlaylist: 'Update Playlist',
  listenNow: 'Listen Now',
  oldIsGold: 'OLD IS GOLD',
  trendingPlaylists: 'Trending Playlists',
  likedSongs: 'Liked Songs',
  likedSongsLoading: 'Liked Songs Loading...',
  newReleases: 'New Releases',
  featured: 'Featured',
  similarArtists: 'Similar Artists',
  vibeOn: 'Vibe On Samaa',
  queue: 'Queue',
  adminSpace: 'ADMIN SPACE',
  helloAdmin: 'Hello! ADMIN',
  welcomeAdmin: 'Welcome Admin!',
  analyticsPage: 'Analytics Page',
  users: 'Users',
  songs: 'Songs',
  addSong: 'Add Song',
  gmailNote: 'Use your original gmail only',
  upload: 'Upload',
} as const;

/** Server-side messages (API responses) that the web may show verbatim. */
export const API_MESSAGES = {
  internal: 'Internal server error',
  notFound: 'Not found',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'User with given email already exists',
  registered: 'An email has been sent to your account, please verify',
  verifyFirst: 'Please verify your email address. A verification link has been sent to your email.',
  verifyFirstRecent:
    'Please verify your email address. Check your inbox for the verification link we sent recently.',
  invalidLink: 'Invalid or expired verification link',
  loggedIn: 'Logged in successfully',
  noToken: 'Access denied, no token provided.',
  invalidToken: 'Invalid or expired token.',
  forbidden: "You don't have access to this content.",
  tooManyLogins: 'Too many failed login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  dbUnavailable: 'Service temporarily unavailable. Please try again shortly.',
  invalidId: 'Invalid id',
  payloadTooLarge: 'Request body is too large',
  badJson: 'Malformed JSON in request body',
} as const;

/** Catalogue API responses (songs, likes, playlists) that the product's wording does not fix. */
export const CATALOGUE_MESSAGES = {
  songNotFound: 'Song not found',
  songDeleted: 'Song deleted successfully',
  songLiked: 'Song added to liked songs',
  songUnliked: 'Song removed from liked songs',
  playlistNotFound: 'Playlist not found',
  playlistDeleted: 'Playlist deleted successfully',
  songAddedToPlaylist: 'Song added to playlist',
  songRemovedFromPlaylist: 'Song removed from playlist',
  badPage: 'page must be a whole number of at least 1',
  badLimit: 'limit must be a whole number from 1 to 500',
} as const;

/** Spotify import (PKCE) texts; shown as the {msg} of "Error fetching playlists: {msg}". */
export const SPOTIFY_MESSAGES = {
  notConnected: 'Not connected to Spotify. Use "Fetch Playlists from Spotify" to connect.',
  notConfigured: 'The Spotify import is not configured on this server (SPOTIFY_CLIENT_ID is not set).',
  denied: 'Spotify sign-in was cancelled.',
  stateMismatch: 'The Spotify sign-in could not be verified. Please try again.',
  sessionEnded: 'Your Spotify session has ended. Fetch your playlists from Spotify again to reconnect.',
  unreachable: 'Spotify could not be reached. Check your connection and try again.',
  devModeForbidden:
    'Spotify refused access (403). This Samaa server uses a Spotify app in development mode: it can read only playlists you own or collaborate on, and only for the at most 5 Spotify users allow-listed in its dashboard.',
  invalidPlaylist: 'That is not a Spotify playlist id.',
} as const;
export const spotifySignInFailed = (detail: string) => `Spotify sign-in failed: ${detail}`;
/** Spotify rejects "localhost" redirect URIs; the loopback IP of the same port works. */
export const spotifyUseLoopback = (origin: string) =>
  `Spotify no longer accepts "localhost" addresses. Open Samaa at ${origin} to import your playlists.`;
/** The home screen's greeting. */
export const welcomeListener = (name: string) => `Welcome, ${name}!`;
/** Add-to-playlist's confirmation. */
export const addedToPlaylist = (playlistName: string) => `Added to ${playlistName}`;

/** Changing, forgetting and resetting a password. */
export const PASSWORD_MESSAGES = {
  changed: 'Password changed. Other sessions have been signed out.',
  wrongCurrent: 'Your current password is not correct',
  resetRequested: 'If an account exists for that email, we have sent a link to reset its password.',
  resetDone: 'Your password has been reset. You can log in now.',
  invalidResetLink: 'Invalid or expired password reset link',
  changeTitle: 'Change password',
  currentLabel: 'Current password',
  newLabel: 'New password',
  confirmLabel: 'Confirm new password',
  mismatch: 'The new passwords do not match',
  forgotLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the email of your account and we will send you a link to set a new password.',
  sendLink: 'Send reset link',
  resetTitle: 'Set a new password',
  save: 'Save password',
  backToLogin: 'Back to login',
} as const;

/** /media access (docs/media.md): files are for signed-in listeners, or through a signed link. */
export const MEDIA_ACCESS_MESSAGES = {
  signInRequired: 'Sign in to play or see this file.',
  badLink: 'This media link is invalid or has expired.',
  revokedLink: 'This media link is no longer valid.',
} as const;

export const COVER_MESSAGES = {
  badSize: 'Cover size must be one of 64, 128, 300 or 600.',
  unreadable: 'This image cannot be resized.',
} as const;

