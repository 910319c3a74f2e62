import { readXingInfo } from '@samaa/shared';
import { mediaFetchHeaders } from '../../../api/client';
import type { PlayerTrack } from '../queue';
import { playWindow, type PlayWindow } from './gapless';

export interface DecodedTrack {
  buffer: AudioBuffer;
  window: PlayWindow;
}

/**
 * A longer or bigger file streams through the media element only, without joins: two decoded
 * tracks must fit in memory. 10 minutes of 48 kHz stereo decode to 230 MB of samples.
 */
export const MAX_DECODE_BYTES = 64 * 1024 * 1024;
export const MAX_DECODED_SECONDS = 10 * 60;

interface Entry {
  track: PlayerTrack;
  controller: AbortController;
  promise: Promise<DecodedTrack | null>;
  decoded?: DecodedTrack | null;
}

/**
 * Fetches and decodes tracks ahead of their join, one at a time, holding at most the ones the
 * engine asks to keep (the current and the next): memory stays bounded whatever the queue.
 */
export class TrackDecoder {
  private readonly entries = new Map<string, Entry>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly ctx: BaseAudioContext) {}

  /** The decoded track, when it is ready; undefined while loading, null when it cannot be decoded. */
  peek(track: PlayerTrack): DecodedTrack | null | undefined {
    return this.entries.get(track.src)?.decoded;
  }

  get(track: PlayerTrack): Promise<DecodedTrack | null> {
    const known = this.entries.get(track.src);
    if (known) return known.promise;
    const controller = new AbortController();
    const entry: Entry = { track, controller, promise: Promise.resolve(null) };
    // One decode at a time: the current track's comes before the next one's.
    entry.promise = this.chain
      .then(() => this.decode(track, controller.signal))
      .then(
        (decoded) => (entry.decoded = decoded),
        (err: unknown) => {
          if (!controller.signal.aborted)
            console.warn(`Could not decode ${track.src}; it streams instead`, err);
          return (entry.decoded = null);
        },
      );
    this.chain = entry.promise;
    this.entries.set(track.src, entry);
    return entry.promise;
  }

  /** Drops (and stops fetching) every track but these. */
  keepOnly(tracks: readonly (PlayerTrack | null | undefined)[]): void {
    const keep = new Set(tracks.map((t) => t?.src));
    for (const [src, entry] of this.entries) {
      if (keep.has(src)) continue;
      entry.controller.abort();
      this.entries.delete(src);
    }
  }

  private async decode(track: PlayerTrack, signal: AbortSignal): Promise<DecodedTrack | null> {
    if (signal.aborted) return null;
    const res = await fetch(track.src, { signal, credentials: 'same-origin', headers: mediaFetchHeaders(track.src) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    if (Number(res.headers.get('content-length')) > MAX_DECODE_BYTES) {
      await res.body?.cancel();
      return null;
    }
    const bytes = await res.arrayBuffer();
    if (bytes.byteLength > MAX_DECODE_BYTES) return null;
    // Read before decoding: decodeAudioData takes the bytes over.
    const header = readXingInfo(new Uint8Array(bytes));
    if (
      header?.frames &&
      (header.frames * header.samplesPerFrame) / header.sampleRate > MAX_DECODED_SECONDS
    ) {
      return null;
    }
    const buffer = await this.ctx.decodeAudioData(bytes);
    if (signal.aborted || buffer.duration > MAX_DECODED_SECONDS) return null;
    return { buffer, window: playWindow(buffer, track, header) };
  }
}
