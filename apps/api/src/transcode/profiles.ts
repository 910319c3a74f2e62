/** The formats Samaa transcodes to, what ffmpeg makes them with, and what is sent. */
export const TARGETS = {
  mp3: { codec: 'mp3', container: 'mp3', encoder: 'libmp3lame', options: [], muxer: 'mp3', mime: 'audio/mpeg', ext: '.mp3', defaultKbps: 192 },
  // Constrained VBR keeps the rate at the maximum asked for; libopus's default VBR went 15% over it.
  opus: { codec: 'opus', container: 'ogg', encoder: 'libopus', options: ['-vbr', 'constrained'], muxer: 'ogg', mime: 'audio/ogg', ext: '.opus', defaultKbps: 128 },
  aac: { codec: 'aac', container: 'aac', encoder: 'aac', options: [], muxer: 'adts', mime: 'audio/aac', ext: '.aac', defaultKbps: 160 },
} as const;

export type TargetFormat = keyof typeof TARGETS;
export const TARGET_FORMATS = Object.keys(TARGETS) as TargetFormat[];

/**
 * Bit rates an encode is made at: a requested maximum is rounded down to one of these, so that
 * clients asking for 100 or 96 share one encode and one cached file.
 */
export const BITRATE_STEPS = [32, 48, 64, 96, 112, 128, 160, 192, 256, 320] as const;

/** What an encode produces: the key of the cache and of a shared encode, with the offset. */
export interface Profile {
  format: TargetFormat;
  kbps: number;
  /** Down-mix to this many channels, when a client asked for fewer than the source has. */
  channels?: number;
}

/** What the source file is, as music-metadata reads it (sourceInfo.ts). */
export interface SourceInfo {
  /** mp3, opus, aac, flac, vorbis, pcm, alac… or undefined when unreadable. */
  codec?: string;
  /** mp3, ogg, mp4, aac, flac, wav: from the file's extension. */
  container: string;
  /** Bits per second, when known. */
  bitrate?: number;
  channels?: number;
  sampleRate?: number;
  bitDepth?: number;
  lossless: boolean;
  /** Seconds, when known. */
  duration?: number;
}

export function stepDown(kbps: number): number {
  return [...BITRATE_STEPS].reverse().find((step) => step <= kbps) ?? BITRATE_STEPS[0];
}

export function stepUp(kbps: number): number {
  return BITRATE_STEPS.find((step) => step >= kbps) ?? BITRATE_STEPS[BITRATE_STEPS.length - 1]!;
}

export const isTargetFormat = (value: string | undefined): value is TargetFormat =>
  value !== undefined && Object.hasOwn(TARGETS, value);

/** A profile's text form, for a player to hand back later (parseProfileParams reads it). */
export const profileParams = (p: Profile) => [p.format, p.kbps, p.channels ?? 0].join('-');

export function parseProfileParams(text: string): Profile | undefined {
  const match = /^([a-z0-9]+)-(\d{1,3})-(\d)$/.exec(text);
  if (!match || !isTargetFormat(match[1])) return undefined;
  const kbps = Number(match[2]);
  const channels = Number(match[3]);
  if (!(BITRATE_STEPS as readonly number[]).includes(kbps) || channels > 8) return undefined;
  return { format: match[1], kbps, ...(channels ? { channels } : {}) };
}

/** The stream's bit rate fits a maximum in kbit/s (0: none). */
export const bitrateFits = (source: SourceInfo, maxKbps: number) =>
  maxKbps === 0 || (source.bitrate !== undefined && source.bitrate <= maxKbps * 1000);

/** A lossy source is not encoded above its own rate: that would only make the file bigger. */
function targetKbps(format: TargetFormat, source: SourceInfo, maxKbps: number): number {
  let kbps = maxKbps > 0 ? maxKbps : TARGETS[format].defaultKbps;
  if (!source.lossless && source.bitrate) kbps = Math.min(kbps, stepUp(source.bitrate / 1000));
  return stepDown(kbps);
}

export type StreamRequest = { format?: string; maxKbps: number };

/**
 * What `stream` sends: the original, or an encode. Never transcodes what already fits: `raw`, no
 * request at all, or the source's own format at no more than the maximum bit rate. A format
 * Samaa does not make (e.g. `flac` for an MP3) is no preference; the maximum still applies.
 */
export function decide(source: SourceInfo, request: StreamRequest): 'original' | Profile {
  const format = request.format?.toLowerCase();
  if (format === 'raw') return 'original';
  const wanted = isTargetFormat(format) ? format : undefined;
  if (!wanted && request.maxKbps === 0) return 'original';
  const sameFormat = wanted ? source.codec === TARGETS[wanted].codec : true;
  if (sameFormat && bitrateFits(source, request.maxKbps)) return 'original';
  const target = wanted ?? (isTargetFormat(source.codec) ? source.codec : 'mp3');
  return { format: target, kbps: targetKbps(target, source, request.maxKbps) };
}
