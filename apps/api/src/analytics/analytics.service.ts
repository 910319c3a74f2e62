import {
  ANALYTICS_SIGNUP_DAYS,
  type AdminAnalytics,
  type SignupDay,
  type TopSong,
} from '@samaa/shared';
import { LikeModel } from '../likes/like.model.js';
import { PlaylistModel } from '../playlists/playlist.model.js';
import { SONG_FIELDS, SongModel, toSong } from '../songs/song.model.js';
import { UserModel } from '../users/user.model.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const TOP_SONGS = 10;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Signups per UTC day over the last `days` days, oldest first, zero days included. Bucketed here
 * rather than with date expressions in an aggregation, which FerretDB v1 does not run.
 */
export async function signupsPerDay(now = new Date(), days = ANALYTICS_SIGNUP_DAYS): Promise<SignupDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const users = await UserModel.find({ createdAt: { $gte: since } }).select('createdAt').lean();
  const counts = new Map<string, number>();
  for (let i = 0; i < days; i += 1) counts.set(utcDay(new Date(since.getTime() + i * DAY_MS)), 0);
  for (const { createdAt } of users) {
    const day = utcDay(new Date(createdAt));
    const count = counts.get(day);
    if (count !== undefined) counts.set(day, count + 1);
  }
  return [...counts].map(([date, count]) => ({ date, count }));
}

/** The most liked songs: likes counted with $group/$sum, then the songs read in one query. */
export async function topSongs(limit = TOP_SONGS): Promise<TopSong[]> {
  const rows = await LikeModel.aggregate<{ _id: unknown; likes: number }>([
    { $group: { _id: '$song', likes: { $sum: 1 } } },
    { $sort: { likes: -1, _id: 1 } },
    { $limit: limit },
  ]);
  if (rows.length === 0) return [];
  const songs = await SongModel.find({ _id: { $in: rows.map((r) => r._id) } })
    .select(SONG_FIELDS)
    .lean();
  const byId = new Map(songs.map((s) => [String(s._id), s]));
  return rows.flatMap((row) => {
    const song = byId.get(String(row._id));
    return song ? [{ song: toSong(song), likes: row.likes }] : [];
  });
}

export async function adminAnalytics(now = new Date()): Promise<AdminAnalytics> {
  const [users, verifiedUsers, songs, playlists, likes, top, signups] = await Promise.all([
    UserModel.countDocuments(),
    UserModel.countDocuments({ verified: true }),
    SongModel.countDocuments(),
    PlaylistModel.countDocuments(),
    LikeModel.countDocuments(),
    topSongs(),
    signupsPerDay(now),
  ]);
  return { users, verifiedUsers, songs, playlists, likes, topSongs: top, signupsPerDay: signups };
}
