import { CATALOGUE_MESSAGES, SHARE_ID_PATTERN, SHARE_MESSAGES, type PublicShare, type PublicShareSong, type Song } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { HttpError, notFound } from '../http/errors.js';
import { mediaSigner } from '../media/mediaSignature.js';
import { findIdentity } from '../users/accounts.service.js';
import { countVisit, findShare, type ShareRecord } from './shares.repo.js';
import { isExpired, requireSharesOn, resolveTarget, type Resolved } from './shareTargets.js';

/*
 * A share link's page, for anyone who has the link: what the share holds, with its media as
 * signed links that end with the share or a few hours after the visit, whichever comes first.
 */

/** How long a visit's signed media links last at most (the share's own expiry may end them sooner). */
export const SIGNED_LINK_HOURS = 6;

/** A live share and what it holds now; the same 404 for unknown, revoked, expired and emptied. */
async function liveShare(ctx: AppContext, id: string, now: Date): Promise<{ share: ShareRecord; resolved: Resolved }> {
  requireSharesOn(ctx);
  const share = SHARE_ID_PATTERN.test(id) ? await findShare(ctx.data, id) : null;
  if (!share || isExpired(share, now)) throw notFound(SHARE_MESSAGES.gone);
  const resolved = await resolveTarget(ctx, share.kind, share.target);
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
  const [sharer] = await Promise.all([findIdentity(ctx.data, share.user), countVisit(ctx.data, share.id, now)]);
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


/**
 * Whether media links minted by `by` still play: a share's links end when it is revoked or
 * expires, before their own expiry; a listener's links end with their signature.
 */
export async function mintStillValid(ctx: AppContext, by: string, now = new Date()): Promise<boolean> {
  if (!by.startsWith('share:')) return true;
  if (!ctx.config.shares) return false;
  const id = by.slice('share:'.length);
  const share = SHARE_ID_PATTERN.test(id) ? await findShare(ctx.data, id) : null;
  return share !== null && !isExpired(share, now);
}
