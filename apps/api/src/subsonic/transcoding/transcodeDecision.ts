import type { ClientInfo, Limitation } from './clientInfo.js';
import { TARGETS, TARGET_FORMATS, stepDown, stepUp, type Profile, type SourceInfo, type TargetFormat } from '../../transcode/profiles.js';

/** OpenSubsonic StreamDetails: bit rates in bits per second. */
export interface StreamDetails {
  protocol: 'http';
  container: string;
  codec: string;
  audioChannels?: number;
  audioBitrate?: number;
  audioSamplerate?: number;
  audioBitdepth?: number;
}

export interface Decision {
  canDirectPlay: boolean;
  canTranscode: boolean;
  transcodeReason: string[];
  profile?: Profile;
  sourceStream: StreamDetails;
  transcodeStream?: StreamDetails;
}

export function sourceStream(source: SourceInfo): StreamDetails {
  return {
    protocol: 'http',
    container: source.container,
    codec: source.codec ?? 'unknown',
    audioChannels: source.channels,
    audioBitrate: source.bitrate,
    audioSamplerate: source.sampleRate,
    audioBitdepth: source.bitDepth,
  };
}

const FIELDS: Record<string, keyof StreamDetails> = {
  audioChannels: 'audioChannels',
  audioBitrate: 'audioBitrate',
  audioSamplerate: 'audioSamplerate',
  audioBitdepth: 'audioBitdepth',
};

/** A limitation holds for a stream; a value the stream does not state is not held against it. */
function holds(limitation: Limitation, stream: StreamDetails): boolean {
  const field = FIELDS[limitation.name];
  const actual = field ? stream[field] : undefined;
  if (actual === undefined || limitation.values.length === 0) return true;
  const first = Number(limitation.values[0]);
  switch (limitation.comparison) {
    case 'Equals':
      return limitation.values.map(String).includes(String(actual));
    case 'NotEquals':
      return !limitation.values.map(String).includes(String(actual));
    case 'LessThanEqual':
      return Number(actual) <= first;
    case 'GreaterThanEqual':
      return Number(actual) >= first;
    default:
      return true;
  }
}

const limitationsOf = (client: ClientInfo, codec: string) =>
  client.codecProfiles.filter((p) => p.type === 'AudioCodec' && p.name === codec).flatMap((p) => p.limitations);

const accepts = (list: string[], value: string) => list.length === 0 || list.includes('*') || list.includes(value);

/** Why one direct play profile does not take the source, or undefined when it does. */
function directPlayMiss(client: ClientInfo, profile: ClientInfo['directPlayProfiles'][number], stream: StreamDetails): string | undefined {
  if (!accepts(profile.protocols, 'http')) return 'ProtocolNotSupported';
  if (!accepts(profile.containers, stream.container)) return 'ContainerNotSupported';
  if (!accepts(profile.audioCodecs, stream.codec)) return 'AudioCodecNotSupported';
  if (profile.maxAudioChannels && stream.audioChannels && stream.audioChannels > profile.maxAudioChannels) return 'AudioChannelsNotSupported';
  if (client.maxAudioBitrate && stream.audioBitrate && stream.audioBitrate > client.maxAudioBitrate) return 'AudioBitrateNotSupported';
  const failed = limitationsOf(client, stream.codec).find((l) => l.required && !holds(l, stream));
  if (failed) return `${failed.name[0]!.toUpperCase()}${failed.name.slice(1)}NotSupported`;
  return undefined;
}

/** The format Samaa makes for a transcoding profile's container and codec, over HTTP. */
function targetFor(profile: ClientInfo['transcodingProfiles'][number]): TargetFormat | undefined {
  if (profile.protocol && !['http', '*', ''].includes(profile.protocol)) return undefined;
  const format = TARGET_FORMATS.find((f) => f === profile.audioCodec);
  if (!format) return undefined;
  const containers: Record<TargetFormat, string[]> = { mp3: ['mp3'], opus: ['ogg', 'opus'], aac: ['aac', 'adts'] };
  return containers[format].includes(profile.container) ? format : undefined;
}

/** The lowest of the client's limits on a transcode's bit rate (bits/s), or 0 for none. */
function bitrateLimit(client: ClientInfo, codec: string): number {
  const limits = [client.maxTranscodingAudioBitrate, client.maxAudioBitrate].filter((n) => n > 0);
  for (const l of limitationsOf(client, codec)) {
    if (l.name === 'audioBitrate' && l.comparison === 'LessThanEqual' && Number(l.values[0]) > 0) limits.push(Number(l.values[0]));
  }
  return limits.length ? Math.min(...limits) : 0;
}

/**
 * getTranscodeDecision: whether a client plays the file as it is (some direct play profile takes
 * its container, codec, channels and bit rate), and else the first of its transcoding profiles
 * Samaa can make (mp3, opus in ogg, aac in ADTS, over HTTP) within its bit rate limits.
 */
export function transcodeDecision(source: SourceInfo, client: ClientInfo, canEncode: boolean): Decision {
  const stream = sourceStream(source);
  const misses = client.directPlayProfiles.map((p) => directPlayMiss(client, p, stream));
  const canDirectPlay = misses.some((miss) => miss === undefined);
  const transcodeReason = canDirectPlay ? [] : misses.length ? (misses as string[]) : ['NoDirectPlayProfile'];
  const chosen = canEncode ? client.transcodingProfiles.map((p) => ({ p, format: targetFor(p) })).find((c) => c.format) : undefined;
  if (!chosen?.format) return { canDirectPlay, canTranscode: false, transcodeReason, sourceStream: stream };

  const format = chosen.format;
  const limit = bitrateLimit(client, TARGETS[format].codec);
  let kbps = limit > 0 ? limit / 1000 : TARGETS[format].defaultKbps;
  if (!source.lossless && source.bitrate) kbps = Math.min(kbps, stepUp(source.bitrate / 1000));
  const profile: Profile = { format, kbps: stepDown(kbps) };
  const maxChannels = chosen.p.maxAudioChannels;
  if (maxChannels && source.channels && source.channels > maxChannels) profile.channels = maxChannels;
  return {
    canDirectPlay,
    canTranscode: true,
    transcodeReason,
    profile,
    sourceStream: stream,
    transcodeStream: {
      protocol: 'http',
      container: TARGETS[format].container,
      codec: TARGETS[format].codec,
      audioChannels: profile.channels ?? source.channels,
      audioBitrate: profile.kbps * 1000,
      // Opus is always decoded at 48 kHz.
      audioSamplerate: format === 'opus' ? 48_000 : source.sampleRate,
    },
  };
}
