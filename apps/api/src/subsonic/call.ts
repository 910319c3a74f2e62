import type { AppData } from '../db/appData.js';
import type { Request, Response } from 'express';
import type { AppContext } from '../context.js';
import { playStats } from '../analytics/analytics.service.js';
import { likeTimes } from '../likes/likes.service.js';
import type { SubsonicUser } from './auth.js';
import type { Annotations } from './entities.js';
import type { KeptAnswer } from './keptAnswers.js';
import type { SubsonicParams } from './params.js';
import { SUBSONIC_ERRORS, SubsonicError, type Payload } from './response.js';

export interface SubsonicCall {
  ctx: AppContext;
  params: SubsonicParams;
  user: SubsonicUser;
  req: Request;
  res: Response;
}

/**
 * A method answers a payload, a kept answer (the same for every listener, rendered once), or
 * 'sent' when it wrote the response itself (media).
 */
export type SubsonicMethod = (call: SubsonicCall) => Promise<Payload | KeptAnswer | 'sent'>;

export async function annotationsOf(data: AppData, user: SubsonicUser): Promise<Annotations> {
  const [starred, plays] = await Promise.all([likeTimes(data, user._id), playStats(data)]);
  return { starred, plays };
}

const NO_STARS: ReadonlyMap<string, Date> = new Map();

/**
 * Everyone's play counts without the listener's stars: all that album entries (albumId3) show.
 * Reading the stars is a query over the likes; lists of albums need none.
 */
export async function playCounts(data: AppData): Promise<Annotations> {
  return { starred: NO_STARS as Map<string, Date>, plays: await playStats(data) };
}

export const notFoundError = (what: string) => new SubsonicError(SUBSONIC_ERRORS.notFound, `${what} not found`);

export function requireAdmin(user: SubsonicUser): void {
  if (!user.isAdmin) throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'Only an admin may do this');
}
