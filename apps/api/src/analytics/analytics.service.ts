import { ANALYTICS_SIGNUP_DAYS, type AdminAnalytics, type MostPlayedSong, type SignupDay, type TopSong } from '@samaa/shared';
import type { Stores } from '../context.js';
import type { AppData } from '../db/appData.js';
import { songsMostLiked, totalLikes } from '../likes/likes.service.js';
import { deleteNowPlayingOfUser, nowPlaying as playingNow, setNowPlaying as storeNowPlaying, type NowPlayingEntry } from './nowPlaying.repo.js';
import { deletePlaysOfSong, deletePlaysOfUser, playStats as playStatsOfSongs, recordPlay as insertPlay, type PlayStats } from './plays.repo.js';
import { totalPlaylists, type PlaylistStoreDeps } from '../playlists/playlists.service.js';
import { catalogueSize } from '../songs/songs.service.js';
import { countUsers, signupTimesSince } from '../users/accounts.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const TOP_SONGS = 10;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Signups per UTC day over the last `days` days, oldest first, zero days included. */
export async function signupsPerDay(data: AppData, now = new Date(), days = ANALYTICS_SIGNUP_DAYS): Promise<SignupDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const signups = await signupTimesSince(data, since);
  const counts = new Map<string, number>();
  for (let i = 0; i < days; i += 1) counts.set(utcDay(new Date(since.getTime() + i * DAY_MS)), 0);
  for (const createdAt of signups) {
    const day = utcDay(createdAt);
    const count = counts.get(day);
    if (count !== undefined) counts.set(day, count + 1);
  }
  return [...counts].map(([date, count]) => ({ date, count }));
}

/** The most liked songs that are still in the catalogue. */
export async function topSongs({ data, catalogue }: Stores, limit = TOP_SONGS): Promise<TopSong[]> {
  const rows = await songsMostLiked(data, limit);
  if (rows.length === 0) return [];
  const byId = await catalogue.songsById();
  return rows.flatMap((row) => {
    const song = byId.get(row.songId);
    return song ? [{ song, likes: row.likes }] : [];
  });
}

/** The most played songs still in the catalogue, and the number of plays in all. */
export async function mostPlayedSongs({ data, catalogue }: Stores, limit = TOP_SONGS): Promise<{ plays: number; mostPlayed: MostPlayedSong[] }> {
  const stats = await playStats(data);
  let plays = 0;
  for (const entry of stats.values()) plays += entry.plays;
  if (stats.size === 0) return { plays, mostPlayed: [] };
  const byId = await catalogue.songsById();
  const mostPlayed = [...stats]
    .flatMap(([id, entry]) => {
      const song = byId.get(id);
      return song ? [{ song, plays: entry.plays }] : [];
    })
    .sort((a, b) => b.plays - a.plays || a.song.name.localeCompare(b.song.name))
    .slice(0, limit);
  return { plays, mostPlayed };
}

export async function adminAnalytics(stores: Stores & PlaylistStoreDeps, now = new Date()): Promise<AdminAnalytics> {
  const [users, verifiedUsers, songs, playlists, likes, top, signups, played] = await Promise.all([
    countUsers(stores.data),
    countUsers(stores.data, { verified: true }),
    catalogueSize(stores.data),
    totalPlaylists(stores),
    totalLikes(stores.data),
    topSongs(stores),
    signupsPerDay(stores.data, now),
    mostPlayedSongs(stores),
  ]);
  return { users, verifiedUsers, songs, playlists, likes, topSongs: top, signupsPerDay: signups, ...played };
}

// --- what other features use -----------------------------------------------------------------

export type { PlayStats };

/** What each listener is playing now (entries older than NOW_PLAYING_MS are gone). */
export function nowPlaying(data: AppData, now = new Date()): Promise<NowPlayingEntry[]> {
  return playingNow(data, now);
}

/** A listener's player started a song. */
export function setNowPlaying(data: AppData, userId: string, player: string, songId: string, at: Date): Promise<void> {
  return storeNowPlaying(data, userId, player, songId, at);
}

/** A listener played a song to the end (a scrobble): it counts in the song's plays. */
export function recordPlay(data: AppData, userId: string, songId: string, at: Date): Promise<void> {
  return insertPlay(data, userId, songId, at);
}

/** Each song's play count and last play, by song id. */
export function playStats(data: AppData): Promise<Map<string, PlayStats>> {
  return playStatsOfSongs(data);
}

/** When a user goes: their plays and what they were playing. */
export function forgetUser(data: AppData, userId: string): Promise<unknown> {
  return Promise.all([deletePlaysOfUser(data, userId), deleteNowPlayingOfUser(data, userId)]);
}

/** When a song goes: its plays. */
export function forgetSong(data: AppData, songId: string): Promise<unknown> {
  return deletePlaysOfSong(data, songId);
}
