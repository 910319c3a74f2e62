import path from 'node:path';
import { coverSizeFor, type Song } from '@samaa/shared';
import { isObjectId } from '../../http/validate.js';
import { coverResizerOf } from '../../media/covers/covers.js';
import { sendMediaFile } from '../../media/mediaFile.js';
import { resolveServedFile } from '../../media/servedFile.js';
import { ownPlaylist } from '../../playlists/playlists.service.js';
import { notFoundError, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { currentLibrary } from '../library.js';
import { streamTranscoded } from './stream.js';
import { transcodingMethods } from './transcoding.js';

/** The URL carries credentials, so shared caches must not keep the bytes. */
const PRIVATE_CACHE = 'private, max-age=86400';

/**
 * Sends a song's audio or an image: from the media store with Range and conditional requests,
 * or a redirect to where an external URL (Firebase, a URL an admin pasted) points.
 */
async function sendUrl(call: SubsonicCall, url: string, resize?: number): Promise<'sent'> {
  if (/^https?:\/\//i.test(url)) {
    call.res.redirect(302, url);
    return 'sent';
  }
  const served = await resolveServedFile(call.ctx.config, url);
  if (!served) throw notFoundError('File');
  if (resize && served.kind === 'image') {
    // Apps ask for any size: the next listed one keeps the copies few. jpeg, which every app reads.
    const cover = { source: served.file, sourceMime: served.mime, size: coverSizeFor(resize), format: 'jpeg' as const, cacheControl: PRIVATE_CACHE };
    await coverResizerOf(call.ctx).send(call.req, call.res, cover);
  } else {
    await sendMediaFile(call.req, call.res, served.file, served.mime, call.ctx.logger, PRIVATE_CACHE);
  }
  return 'sent';
}

async function songOf(call: SubsonicCall): Promise<Song> {
  const song = await call.ctx.catalogue.songById(call.params.required('id'));
  if (!song) throw notFoundError('Song');
  return song;
}


async function coverUrl(call: SubsonicCall, id: string): Promise<string | undefined> {
  const library = await currentLibrary(call.ctx.catalogue);
  if (id.startsWith('pl-')) {
    const playlistId = id.slice(3);
    if (!isObjectId(playlistId)) return undefined;
    const playlist = await ownPlaylist(call.ctx, playlistId, call.user._id);
    return playlist.img || playlist.songs.find((song) => song.img)?.img;
  }
  const album = library.albumById.get(id);
  if (album) return album.cover?.img;
  const artist = library.artistById.get(id);
  if (artist) return artist.cover?.img;
  return library.songById.get(id.toLowerCase())?.img || undefined;
}

export const mediaMethods: Record<string, SubsonicMethod> = {
  /** Transcodes on `format`/`maxBitRate` (apps/api/src/transcode); else the stored file as it is. */
  stream: async (call) => {
    const song = await songOf(call);
    return (await streamTranscoded(call, song)) ?? sendUrl(call, song.song);
  },

  download: async (call) => {
    const song = await songOf(call);
    const ext = path.extname(song.song.split('?')[0] ?? '') || '';
    call.res.attachment(`${song.artist} - ${song.name}${ext}`.replace(/[/\\]/g, '_'));
    return sendUrl(call, song.song);
  },

  getCoverArt: async (call) => {
    const size = call.params.int('size', 0, 0, 4096);
    const url = await coverUrl(call, call.params.required('id'));
    if (!url) throw notFoundError('Cover art');
    return sendUrl(call, url, size || undefined);
  },

  ...transcodingMethods,
};
