import Joi from 'joi';
import type { Song } from './types.js';

/** How many days GET /api/admin/analytics reports signups for (today included). */
export const ANALYTICS_SIGNUP_DAYS = 30;

export interface TopSong {
  song: Song;
  likes: number;
}

export interface MostPlayedSong {
  song: Song;
  /** Plays scrobbled by Subsonic apps. */
  plays: number;
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
  /** Plays scrobbled by Subsonic apps. */
  plays: number;
  /** The 10 most liked songs, most liked first. */
  topSongs: TopSong[];
  /** The 10 most played songs, most played first. */
  mostPlayed: MostPlayedSong[];
  /** One entry per day, oldest first, zero days included. */
  signupsPerDay: SignupDay[];
}

/** Body of POST /api/plays: the web player's "now playing" notice (submission false) or a finished play. */
export interface PlayReport {
  songId: string;
  submission: boolean;
}

export const playReportSchema = Joi.object<PlayReport>({
  songId: Joi.string().hex().length(24).required().label('Song'),
  submission: Joi.boolean().required().label('Submission'),
});

/** What the web player's plays are called where apps' plays are listed (getNowPlaying). */
export const WEB_PLAYER_NAME = 'Samaa web player';
