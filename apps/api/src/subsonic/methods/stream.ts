import type { Song } from '@samaa/shared';
import { resolveServedFile } from '../../media/servedFile.js';
import type { Profile } from '../../transcode/profiles.js';
import { EncodeFailedError, TranscoderBusyError, type StoredSource } from '../../transcode/transcoder.js';
import type { SubsonicCall } from '../call.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../response.js';

/** Past the limit of encodes: error 0 on `stream`, HTTP 503 on getTranscodeStream. */
export class BusyError extends SubsonicError {}

const BUSY = 'The server is transcoding as many songs as it may at once. Try again in a moment, or ask for the original (format=raw).';

/** The longest offset taken: a day, far past any song. */
const MAX_OFFSET = 86_400;

/** `timeOffset` (transcodeOffset) or `offset` (getTranscodeStream): seconds, fractions allowed. */
export function offsetParam(call: SubsonicCall, name: string): number {
  const raw = call.params.optional(name);
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > MAX_OFFSET) {
    throw new SubsonicError(SUBSONIC_ERRORS.generic, `${name} must be a number of seconds from 0 to ${MAX_OFFSET}`);
  }
  return value;
}

/** The stored file behind a song, when it is on this server (external URLs are redirected to as they are). */
export async function localSource(call: SubsonicCall, song: Song): Promise<StoredSource | undefined> {
  if (/^https?:\/\//i.test(song.song)) return undefined;
  const served = await resolveServedFile(call.ctx.config, song.song);
  if (!served || served.kind !== 'audio') return undefined;
  return call.ctx.transcoder.probe(served.file);
}

/** Encodes a song's file at a profile from an offset and sends it; 'sent', or a Subsonic error. */
export async function sendTranscode(call: SubsonicCall, source: StoredSource, profile: Profile, offset: number): Promise<'sent'> {
  if (source.duration !== undefined && offset >= source.duration) {
    throw new SubsonicError(SUBSONIC_ERRORS.generic, 'The offset is past the end of the song');
  }
  try {
    await call.ctx.transcoder.send(call.req, call.res, source, profile, offset);
  } catch (err) {
    if (err instanceof TranscoderBusyError) {
      call.res.set('Retry-After', '5');
      throw new BusyError(SUBSONIC_ERRORS.generic, BUSY);
    }
    if (err instanceof EncodeFailedError) throw new SubsonicError(SUBSONIC_ERRORS.generic, err.message);
    throw err;
  }
  return 'sent';
}

/**
 * `stream` with `format`, `maxBitRate` and `timeOffset`: 'sent' when it transcoded, or undefined
 * when the original is to be sent (it fits the request, it is not on this server, or ffmpeg is
 * missing). `timeOffset` applies to encodes; an original is seeked in with Range.
 */
export async function streamTranscoded(call: SubsonicCall, song: Song): Promise<'sent' | undefined> {
  const format = call.params.optional('format');
  const maxKbps = call.params.int('maxBitRate', 0, 0, 100_000);
  const offset = offsetParam(call, 'timeOffset');
  if (!format && maxKbps === 0) return undefined;
  const transcoder = call.ctx.transcoder;
  if (!(await transcoder.available())) return undefined;
  const source = await localSource(call, song);
  if (!source) return undefined;
  const decision = transcoder.decide(source, { format, maxKbps });
  if (decision === 'original') return undefined;
  return sendTranscode(call, source, decision, offset);
}
