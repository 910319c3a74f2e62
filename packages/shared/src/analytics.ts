import type { Song } from './types.js';

/** How many days GET /api/admin/analytics reports signups for (today included). */
export const ANALYTICS_SIGNUP_DAYS = 30;

export interface TopSong {
  song: Song;
  likes: number;
}

export interface SignupDay {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  count: number;
}

/** `data` of GET /api/admin/analytics (admin only). */
export interface AdminAnalytics {
  users: number;
  verifiedUsers: number;
  songs: number;
  playlists: number;
  likes: number;
  /** The 10 most liked songs, most liked first. */
  topSongs: TopSong[];
  /** One entry per day, oldest first, zero days included. */
  signupsPerDay: SignupDay[];
}
