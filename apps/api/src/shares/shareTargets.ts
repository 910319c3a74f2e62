import { CATALOGUE_MESSAGES, SHARE_MESSAGES, type ShareKind, type Song } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import { isObjectId } from '../http/validate.js';
import { playlistRecord, type PlaylistDeps } from '../playlists/playlists.service.js';
import { albumIdOfSong, currentLibrary } from '../subsonic/library.js';
import type { ShareRecord } from './shares.repo.js';

/*
 * What a share names and what it holds. A share keeps its song's, album's or playlist's id; what
 * it holds is read at each visit, so a deleted song drops out and a share with nothing left
 * answers like a revoked one.
 */

/** What a share holds now. */
export interface Resolved {
  name: string;
  songs: Song[];
  /** Media path or URL; '' when none. */
  cover: string;
}

export const isExpired = (share: ShareRecord, now: Date) => share.expiresAt !== null && share.expiresAt.getTime() <= now.getTime();

/** 404 with a message when SHARES=false. */
export function requireSharesOn(ctx: AppContext): void {
  if (!ctx.config.shares) throw notFound(SHARE_MESSAGES.off);
}

export async function resolveTarget(deps: PlaylistDeps, kind: ShareKind, target: string): Promise<Resolved | null> {
  const { catalogue } = deps;
  if (kind === 'song') {
    const song = (await catalogue.songsById()).get(target);
    return song ? { name: song.name, songs: [song], cover: song.img } : null;
  }
  if (kind === 'album') {
    const album = (await currentLibrary(catalogue)).albumById.get(target);
    if (!album || album.songs.length === 0) return null;
    return { name: album.name, songs: [...album.songs], cover: album.songs.find((song) => song.img)?.img ?? '' };
  }
  const playlist = await playlistRecord(deps, target);
  if (!playlist) return null;
  const byId = await catalogue.songsById();
  const songs = playlist.songIds.flatMap((id) => byId.get(id) ?? []);
  return { name: playlist.name, songs, cover: playlist.img || songs.find((song) => song.img)?.img || '' };
}

/** The thing to share, checked: the target id to store and its name. */
export async function checkedTarget(deps: PlaylistDeps, userId: string, kind: ShareKind, id: string): Promise<{ target: string; name: string }> {
  const { catalogue } = deps;
  if (kind === 'song') {
    const song = isObjectId(id) ? (await catalogue.songsById()).get(id.toLowerCase()) : undefined;
    if (!song) throw notFound(CATALOGUE_MESSAGES.songNotFound);
    return { target: song._id, name: song.name };
  }
  if (kind === 'album') {
    // A song's id stands for its album (the web has song rows, not album pages).
    let albumId = id;
    if (isObjectId(id)) {
      const song = (await catalogue.songsById()).get(id.toLowerCase());
      if (!song?.album) throw notFound(SHARE_MESSAGES.albumNotFound);
      albumId = albumIdOfSong(song);
    }
    const album = (await currentLibrary(catalogue)).albumById.get(albumId);
    if (!album || album.songs.length === 0) throw notFound(SHARE_MESSAGES.albumNotFound);
    return { target: album.id, name: album.name };
  }
  const playlist = isObjectId(id) ? await playlistRecord(deps, id.toLowerCase()) : null;
  if (!playlist) throw notFound(CATALOGUE_MESSAGES.playlistNotFound);
  if (playlist.user !== userId.toLowerCase()) throw forbidden();
  return { target: playlist._id, name: playlist.name };
}

