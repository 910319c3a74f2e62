import { randomBytes } from 'node:crypto';
import { SHARE_ID_PATTERN, SHARE_LIMIT, SHARE_MESSAGES, sharePath, type ShareInfo, type ShareKind, type Song } from '@samaa/shared';
import type { AppContext } from '../context.js';
import type { AppData } from '../db/appData.js';
import { conflict, notFound } from '../http/errors.js';
import {
  deleteShareById,
  deleteSharesOf,
  findShare,
  insertShare,
  shareIdsOf,
  sharesOf,
  updateShareFields,
  type ShareChanges,
  type ShareRecord,
} from './shares.repo.js';
import { checkedTarget, isExpired, requireSharesOn, resolveTarget, type Resolved } from './shareTargets.js';

/*
 * A listener's own share links: the owner's routes and Subsonic's share methods both come here.
 * The public page is publicShares.service.ts.
 */

export type { ShareChanges } from './shares.repo.js';

export interface ShareRequest {
  kind: ShareKind;
  id: string;
  description?: string;
  expiresAt?: Date | null;
  downloadable?: boolean;
}

/** A share as its owner sees it, with its songs (Subsonic lists them). */
export type OwnedShare = ShareInfo & { songs: Song[] };

const newShareId = () => randomBytes(16).toString('base64url');

function ownedShare(ctx: AppContext, share: ShareRecord, resolved: Resolved | null, now: Date): OwnedShare {
  return {
    id: share.id,
    kind: share.kind,
    targetId: share.target,
    name: resolved?.name ?? share.name,
    description: share.description,
    url: `${ctx.config.appUrl}${sharePath(share.id)}`,
    createdAt: share.createdAt.toISOString(),
    expiresAt: share.expiresAt?.toISOString() ?? null,
    lastVisitedAt: share.lastVisitedAt?.toISOString() ?? null,
    downloadable: share.downloadable,
    visits: share.visits,
    expired: isExpired(share, now),
    songs: resolved?.songs ?? [],
  };
}

/** Drops the songs: the web's shape. */
export const asInfo = ({ songs: _songs, ...info }: OwnedShare): ShareInfo => info;

/** 404 unless the share exists and is the user's (someone else's reads as unknown). */
async function ownedRecord(data: AppData, userId: string, id: string): Promise<ShareRecord> {
  const share = SHARE_ID_PATTERN.test(id) ? await findShare(data, id) : null;
  if (!share || share.user !== userId.toLowerCase()) throw notFound(SHARE_MESSAGES.notFound);
  return share;
}

export async function createShare(ctx: AppContext, userId: string, input: ShareRequest, now = new Date()): Promise<OwnedShare> {
  requireSharesOn(ctx);
  const { target, name } = await checkedTarget(ctx, userId, input.kind, input.id);
  if ((await shareIdsOf(ctx.data, userId)).length >= SHARE_LIMIT) throw conflict(SHARE_MESSAGES.tooMany);
  const share = await insertShare(ctx.data, {
    id: newShareId(),
    user: userId,
    kind: input.kind,
    target,
    name,
    description: input.description ?? '',
    expiresAt: input.expiresAt ?? null,
    downloadable: input.downloadable ?? false,
  });
  return ownedShare(ctx, share, await resolveTarget(ctx, share.kind, share.target), now);
}

/** The user's shares, newest first, with their names now. */
export async function listShares(ctx: AppContext, userId: string, now = new Date()): Promise<OwnedShare[]> {
  requireSharesOn(ctx);
  const shares = await sharesOf(ctx.data, userId);
  const resolved = await Promise.all(shares.map((share) => resolveTarget(ctx, share.kind, share.target)));
  return shares.map((share, i) => ownedShare(ctx, share, resolved[i] ?? null, now)).reverse();
}

export async function updateShare(ctx: AppContext, userId: string, id: string, changes: ShareChanges, now = new Date()): Promise<OwnedShare> {
  requireSharesOn(ctx);
  await ownedRecord(ctx.data, userId, id);
  const share = await updateShareFields(ctx.data, id, changes);
  if (!share) throw notFound(SHARE_MESSAGES.notFound);
  return ownedShare(ctx, share, await resolveTarget(ctx, share.kind, share.target), now);
}

export async function revokeShare(ctx: AppContext, userId: string, id: string): Promise<void> {
  requireSharesOn(ctx);
  await ownedRecord(ctx.data, userId, id);
  if (!(await deleteShareById(ctx.data, id, userId))) throw notFound(SHARE_MESSAGES.notFound);
}

// --- what other features use -----------------------------------------------------------------

/** When a user goes: their share links. */
export function forgetUser(data: AppData, userId: string): Promise<unknown> {
  return deleteSharesOf(data, userId);
}
