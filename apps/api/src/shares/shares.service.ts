import { randomBytes } from 'node:crypto';
import {
  CATALOGUE_MESSAGES,
  SHARE_ID_PATTERN,
  SHARE_LIMIT,
  SHARE_MESSAGES,
  sharePath,
  type PublicShare,
  type PublicShareSong,
  type ShareInfo,
  type ShareKind,
  type Song,
} from '@samaa/shared';
import type { AppContext } from '../context.js';
import { conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import { isObjectId } from '../http/validate.js';
import { mediaSigner } from '../media/mediaSignature.js';
import { findPlaylist } from '../playlists/playlists.service.js';
import { songsById } from '../songs/songs.service.js';
import { albumIdOfSong, currentLibrary } from '../subsonic/library.js';
import { findIdentity } from '../users/accounts.service.js';
import {
  countVisit,
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

/*
 * Share links. The owner's routes and Subsonic's share methods both come here. A share names its
 * song, album or playlist; what it holds is read at each visit, so a deleted song drops out and a
 * share with nothing left answers like a revoked one.
 */

export type { ShareChanges } from './shares.repo.js';

/** How long a visit's signed media links last at most (the share's own expiry may end them sooner). */
export const SIGNED_LINK_HOURS = 6;

export interface ShareRequest {
  kind: ShareKind;
  id: string;
  description?: string;
  expiresAt?: Date | null;
  downloadable?: boolean;
}

/** What a share holds now. */
interface Resolved {
  name: string;
  songs: Song[];
  /** Media path or URL; '' when none. */
  cover: string;
}

/** A share as its owner sees it, with its songs (Subsonic lists them). */
export type OwnedShare = ShareInfo & { songs: Song[] };

const newShareId = () => randomBytes(16).toString('base64url');
const isExpired = (share: ShareRecord, now: Date) => share.expiresAt !== null && share.expiresAt.getTime() <= now.getTime();

/** 404 with a message when SHARES=false. */
export function requireSharesOn(ctx: AppContext): void {
  if (!ctx.config.shares) throw notFound(SHARE_MESSAGES.off);
}

async function resolveTarget(kind: ShareKind, target: string): Promise<Resolved | null> {
  if (kind === 'song') {
    const song = (await songsById()).get(target);
    return song ? { name: song.name, songs: [song], cover: song.img } : null;
  }
  if (kind === 'album') {
    const album = (await currentLibrary()).albumById.get(target);
    if (!album || album.songs.length === 0) return null;
    return { name: album.name, songs: [...album.songs], cover: album.songs.find((song) => song.img)?.img ?? '' };
  }
  const playlist = await findPlaylist(target);
  if (!playlist) return null;
  const catalogue = await songsById();
  const songs = playlist.songIds.flatMap((id) => catalogue.get(id) ?? []);
  return { name: playlist.name, songs, cover: playlist.img || songs.find((song) => song.img)?.img || '' };
}

/** The thing to share, checked: the target id to store and its name. */
async function checkedTarget(userId: string, kind: ShareKind, id: string): Promise<{ target: string; name: string }> {
  if (kind === 'song') {
    const song = isObjectId(id) ? (await songsById()).get(id.toLowerCase()) : undefined;
    if (!song) throw notFound(CATALOGUE_MESSAGES.songNotFound);
    return { target: song._id, name: song.name };
  }
  if (kind === 'album') {
    // A song's id stands for its album (the web has song rows, not album pages).
    let albumId = id;
    if (isObjectId(id)) {
      const song = (await songsById()).get(id.toLowerCase());
      if (!song?.album) throw notFound(SHARE_MESSAGES.albumNotFound);
      albumId = albumIdOfSong(song);
    }
    const album = (await currentLibrary()).albumById.get(albumId);
    if (!album || album.songs.length === 0) throw notFound(SHARE_MESSAGES.albumNotFound);
    return { target: album.id, name: album.name };
  }
  const playlist = isObjectId(id) ? await findPlaylist(id.toLowerCase()) : null;
  if (!playlist) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  if (playlist.user !== userId.toLowerCase()) throw forbidden();
  return { target: playlist._id, name: playlist.name };
}

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
async function ownedRecord(userId: string, id: string): Promise<ShareRecord> {
  const share = SHARE_ID_PATTERN.test(id) ? await findShare(id) : null;
  if (!share || share.user !== userId.toLowerCase()) throw notFound(SHARE_MESSAGES.notFound);
  return share;
}

export async function createShare(ctx: AppContext, userId: string, input: ShareRequest, now = new Date()): Promise<OwnedShare> {
  requireSharesOn(ctx);
  const { target, name } = await checkedTarget(userId, input.kind, input.id);
  if ((await shareIdsOf(userId)).length >= SHARE_LIMIT) throw conflict(SHARE_MESSAGES.tooMany);
  const share = await insertShare({
    id: newShareId(),
    user: userId,
    kind: input.kind,
    target,
    name,
    description: input.description ?? '',
    expiresAt: input.expiresAt ?? null,
    downloadable: input.downloadable ?? false,
  });
  return ownedShare(ctx, share, await resolveTarget(share.kind, share.target), now);
}

/** The user's shares, newest first, with their names now. */
export async function listShares(ctx: AppContext, userId: string, now = new Date()): Promise<OwnedShare[]> {
  requireSharesOn(ctx);
  const shares = await sharesOf(userId);
  const resolved = await Promise.all(shares.map((share) => resolveTarget(share.kind, share.target)));
  return shares.map((share, i) => ownedShare(ctx, share, resolved[i] ?? null, now)).reverse();
}

export async function updateShare(ctx: AppContext, userId: string, id: string, changes: ShareChanges, now = new Date()): Promise<OwnedShare> {
  requireSharesOn(ctx);
  await ownedRecord(userId, id);
  const share = await updateShareFields(id, changes);
  if (!share) throw notFound(SHARE_MESSAGES.notFound);
  return ownedShare(ctx, share, await resolveTarget(share.kind, share.target), now);
}

export async function revokeShare(ctx: AppContext, userId: string, id: string): Promise<void> {
  requireSharesOn(ctx);
  await ownedRecord(userId, id);
  if (!(await deleteShareById(id, userId))) throw notFound(SHARE_MESSAGES.notFound);
}

// --- the public page ---------------------------------------------------------------------------

/** A live share and what it holds now; the same 404 for unknown, revoked, expired and emptied. */
async function liveShare(ctx: AppContext, id: string, now: Date): Promise<{ share: ShareRecord; resolved: Resolved }> {
  requireSharesOn(ctx);
  const share = SHARE_ID_PATTERN.test(id) ? await findShare(id) : null;
  if (!share || isExpired(share, now)) throw notFound(SHARE_MESSAGES.gone);
  const resolved = await resolveTarget(share.kind, share.target);
  if (!resolved || resolved.songs.length === 0) throw notFound(SHARE_MESSAGES.gone);
  return { share, resolved };
}

/** Signs our own media paths for this share until `until`; other URLs (Firebase, CDNs) are public already. */
function linkSigner(ctx: AppContext, share: ShareRecord, now: Date) {
  const cap = now.getTime() + SIGNED_LINK_HOURS * 3600_000;
  const until = new Date(share.expiresAt ? Math.min(share.expiresAt.getTime(), cap) : cap);
  const signer = mediaSigner(ctx.jwtSecret);
  return (pathOrUrl: string) => (pathOrUrl.startsWith('/media/') ? signer.sign(pathOrUrl, `share:${share.id}`, until) : pathOrUrl);
}

function publicSong(song: Song, sign: (pathOrUrl: string) => string): PublicShareSong {
  return {
    id: song._id,
    name: song.name,
    artist: song.artist,
    ...(song.album ? { album: song.album } : {}),
    ...(song.duration ? { duration: song.duration } : {}),
    audio: sign(song.song),
    cover: sign(song.img),
    ...(song.encoderDelay !== undefined ? { encoderDelay: song.encoderDelay } : {}),
    ...(song.encoderPadding !== undefined ? { encoderPadding: song.encoderPadding } : {}),
    ...(song.sampleRate !== undefined ? { sampleRate: song.sampleRate } : {}),
    ...(song.replayGainTrackGain !== undefined ? { replayGainTrackGain: song.replayGainTrackGain } : {}),
    ...(song.replayGainTrackPeak !== undefined ? { replayGainTrackPeak: song.replayGainTrackPeak } : {}),
  };
}

const firstName = (name: string | undefined) => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** GET /api/public/shares/:id: what the visitor may see and play. Counts the visit. */
export async function visitShare(ctx: AppContext, id: string, now = new Date()): Promise<PublicShare> {
  const { share, resolved } = await liveShare(ctx, id, now);
  const [sharer] = await Promise.all([findIdentity(share.user), countVisit(share.id, now)]);
  const sign = linkSigner(ctx, share, now);
  return {
    share: {
      id: share.id,
      kind: share.kind,
      name: resolved.name,
      description: share.description,
      expiresAt: share.expiresAt?.toISOString() ?? null,
      downloadable: share.downloadable,
      cover: resolved.cover ? sign(resolved.cover) : '',
      sharedBy: firstName(sharer?.name),
    },
    songs: resolved.songs.map((song) => publicSong(song, sign)),
  };
}

/** Where a download of one shared song goes: a signed link asking for an attachment. 403 unless allowed. */
export async function downloadLink(ctx: AppContext, id: string, songId: string, now = new Date()): Promise<string> {
  const { share, resolved } = await liveShare(ctx, id, now);
  if (!share.downloadable) throw new HttpError(403, SHARE_MESSAGES.downloadsNotAllowed);
  const song = resolved.songs.find((candidate) => candidate._id === songId.toLowerCase());
  if (!song) throw notFound(CATALOGUE_MESSAGES.songNotFound);
  const link = linkSigner(ctx, share, now)(song.song);
  return link.startsWith('/media/') ? `${link}&download=1` : link;
}

// --- what other features use -----------------------------------------------------------------

/** When a user goes: their share links. */
export function forgetUser(userId: string): Promise<unknown> {
  return deleteSharesOf(userId);
}
