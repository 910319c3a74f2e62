import { CATALOGUE_MESSAGES, type Song } from '@samaa/shared';
import { notFound } from '../http/errors.js';
import type { Stores } from '../context.js';
import type { AppData } from '../db/appData.js';
import { pageOf, type Catalogue, type Page } from '../songs/songs.service.js';
import {
  deleteLike,
  deleteLikesOfSong,
  deleteLikesOfUser,
  insertLike,
  likedSongIdsOf,
  likeTimesOf,
  mostLikedSongs,
  countLikes,
  toggleLikeOf,
} from './likes.repo.js';

async function assertSongExists(catalogue: Catalogue, songId: string): Promise<void> {
  if (!(await catalogue.songExists(songId))) throw notFound(CATALOGUE_MESSAGES.songNotFound);
}

/** Likes the song if the user does not like it yet, unlikes it otherwise. Returns the new state. */
export async function toggleLike({ data, catalogue }: Stores, userId: string, songId: string): Promise<boolean> {
  const liked = await toggleLikeOf(data, userId, songId, await catalogue.songExists(songId));
  if (liked === undefined) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  return liked;
}

/** Idempotent like (true) or unlike (false), as the Subsonic star and unstar need. */
export async function setLiked({ data, catalogue }: Stores, userId: string, songId: string, liked: boolean): Promise<void> {
  if (!liked) {
    await deleteLike(data, userId, songId);
    return;
  }
  await assertSongExists(catalogue, songId);
  await insertLike(data, userId, songId);
}

export function likedSongIds(data: AppData, userId: string): Promise<string[]> {
  return likedSongIdsOf(data, userId);
}

/** The user's liked songs, most recently liked first. */
export async function likedSongs({ data, catalogue }: Stores, userId: string): Promise<Song[]> {
  const ids = await likedSongIdsOf(data, userId);
  if (ids.length === 0) return [];
  const byId = await catalogue.songsById();
  return ids.flatMap((id) => {
    const song = byId.get(id);
    return song ? [song] : [];
  });
}

/** One page of the liked songs and how many the user likes: only the page's songs are looked up. */
export async function likedSongsPage({ data, catalogue }: Stores, userId: string, page: Page): Promise<{ data: Song[]; total: number }> {
  const ids = await likedSongIdsOf(data, userId);
  const wanted = pageOf(ids, page);
  if (wanted.length === 0) return { data: [], total: ids.length };
  const byId = await catalogue.songsById();
  const songs = wanted.flatMap((id) => {
    const song = byId.get(id);
    return song ? [song] : [];
  });
  return { data: songs, total: ids.length };
}

/** When the user liked each song they like (Subsonic's `starred`), most recent first. */
export async function likeTimes(data: AppData, userId: string): Promise<Map<string, Date>> {
  return new Map((await likeTimesOf(data, userId)).map(({ songId, likedAt }) => [songId, likedAt]));
}

// --- what other features use -----------------------------------------------------------------

/** How many likes there are in all (the admin's analytics). */
export function totalLikes(data: AppData): Promise<number> {
  return countLikes(data);
}

/** The songs liked most, with their like counts, most first (the admin's analytics). */
export function songsMostLiked(data: AppData, limit: number): Promise<{ songId: string; likes: number }[]> {
  return mostLikedSongs(data, limit);
}

/** When a user goes: their likes. */
export function forgetUser(data: AppData, userId: string): Promise<unknown> {
  return deleteLikesOfUser(data, userId);
}

/** When a song goes: every like of it. */
export function forgetSong(data: AppData, songId: string): Promise<unknown> {
  return deleteLikesOfSong(data, songId);
}
