import { Mp3Encoder } from '@breezystack/lamejs';
import { mpegBitrateKbps, mpegFrameBytes, mpegFrameInfo } from '@samaa/shared';

/** Samples per MPEG-2 layer III frame times a whole number, so the encoder is fed evenly. */
const BLOCK = 1152 * 8;

/**
 * Samples LAME (and its JS port) adds before the audio: the MDCT's look-ahead. Decoders add
 * their own 529 on top (MP3_DECODER_DELAY); the LAME header records only this part.
 */
export const LAME_ENCODER_DELAY = 576;

/** Bytes of the LAME tag after the Xing fields, from its version string to its own CRC. */
const LAME_TAG_BYTES = 36;

export interface EncodedMp3 {
  /** The MP3 stream, its first frame the Xing "Info" frame with the LAME tag. */
  data: Buffer;
  encoderDelay: number;
  encoderPadding: number;
  /** Audio frames, the Info frame not counted. */
  frames: number;
}

/** CRC-16 as the LAME tag uses it (polynomial 0x8005, reflected, initial value 0). */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/**
 * A Xing "Info" frame (the CBR flavour) with the LAME extension, the way LAME writes it: frame
 * count, byte count, a linear seek table, and the encoder delay and padding a gapless player
 * trims. It is a valid silent frame to decoders that do not read it.
 */
function infoFrame(firstHeader: Uint8Array, frames: number, audioBytes: number, delay: number, padding: number): Buffer {
  const frame = mpegFrameInfo(firstHeader, 0);
  const kbps = mpegBitrateKbps(firstHeader, 0);
  if (!frame || !kbps) throw new Error('the encoder did not start with an MPEG frame');
  const unpadded = Uint8Array.from(firstHeader.subarray(0, 4));
  unpadded[2] = unpadded[2]! & ~0x02;
  const size = mpegFrameBytes(unpadded, 0)!;
  const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const out = Buffer.alloc(size);
  out.set(unpadded);
  out[1] = out[1]! | 0x01; // no CRC
  let at = 4 + sideInfo;
  const xingStart = at;
  if (size < xingStart + 8 + 4 + 4 + 100 + 4 + LAME_TAG_BYTES) throw new Error(`an Info frame does not fit in ${size} bytes`);
  out.write('Info', at, 'latin1');
  out.writeUInt32BE(0x0f, at + 4); // frames, bytes, TOC, quality
  out.writeUInt32BE(frames, at + 8);
  out.writeUInt32BE(audioBytes + size, at + 12);
  at += 16;
  for (let i = 0; i < 100; i++) out[at + i] = Math.min(255, Math.floor((i * 256) / 100));
  at += 100;
  out.writeUInt32BE(100, at); // quality: unused for CBR
  at += 4;
  const lame = at;
  out.write('LAME3.100', lame, 'latin1');
  out[lame + 9] = 0x01; // tag revision 0, VBR method 1 (CBR)
  out[lame + 10] = 0; // lowpass: unknown
  // Peak, radio and audiophile ReplayGain: left 0 (not computed).
  out[lame + 19] = 0; // encoding flags, ATH type
  out[lame + 20] = Math.min(255, kbps);
  out[lame + 21] = (delay >> 4) & 0xff;
  out[lame + 22] = ((delay & 0x0f) << 4) | ((padding >> 8) & 0x0f);
  out[lame + 23] = padding & 0xff;
  // Misc, MP3 gain, preset: 0. Music length: the bytes from this frame to the last audio frame.
  out.writeUInt32BE(audioBytes + size, lame + 28);
  out.writeUInt16BE(0, lame + 32); // music CRC: not computed
  out.writeUInt16BE(crc16(out.subarray(0, lame + 34)), lame + 34);
  return out;
}

/**
 * What surrounds a track cut out of a continuous piece: the encoder hears it, the header marks it
 * for trimming. Without it the encoder sees a step to silence at each cut, and its quantisation
 * noise rings around the step (several times the tone's own slope at 128 kbps), a click no
 * gapless player can remove. With it the file is what LAME's --nogap makes of an album.
 */
export interface CutContext {
  /** The samples just before the track, encoded ahead of it and counted as encoder delay. */
  before?: Float32Array;
  /** The samples just after it, encoded behind it and counted as padding. */
  after?: Float32Array;
}

/**
 * Encodes mono float samples (-1…1) as constant-bitrate MP3 with the pure-JS LAME port, headed by
 * a LAME Info frame recording the encoder's delay and padding, so players can join it gaplessly.
 */
export function encodeMp3WithInfo(samples: Float32Array, sampleRate: number, kbps: number, context: CutContext = {}): EncodedMp3 {
  const before = context.before ?? new Float32Array(0);
  const after = context.after ?? new Float32Array(0);
  const input = new Float32Array(before.length + samples.length + after.length);
  input.set(before);
  input.set(samples, before.length);
  input.set(after, before.length + samples.length);
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const pcm = new Int16Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const s = Math.max(-1, Math.min(1, input[i]!));
    pcm[i] = Math.round(s * 32767);
  }
  const parts: Buffer[] = [];
  for (let i = 0; i < pcm.length; i += BLOCK) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + BLOCK));
    if (chunk.length) parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(Buffer.from(tail.buffer, tail.byteOffset, tail.length));
  const audio = Buffer.concat(parts);
  const first = mpegFrameInfo(audio, 0);
  if (!first) throw new Error('the encoder did not start with an MPEG frame');
  const frames = countFrames(audio);
  const delay = LAME_ENCODER_DELAY + before.length;
  const padding = frames * first.samplesPerFrame - delay - samples.length;
  // The LAME tag has 12 bits for each.
  if (delay > 4095 || padding > 4095) throw new Error(`delay ${delay} or padding ${padding} exceeds the LAME tag's 4095`);
  const info = infoFrame(audio.subarray(0, 4), frames, audio.length, delay, padding);
  return { data: Buffer.concat([info, audio]), encoderDelay: delay, encoderPadding: padding, frames };
}

/** Encodes mono float samples as a gapless-ready MP3 (see encodeMp3WithInfo). */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps: number): Buffer {
  return encodeMp3WithInfo(samples, sampleRate, kbps).data;
}

/** Frames in a stream of constant-bitrate layer III frames, walked by their sizes. */
function countFrames(audio: Buffer): number {
  let frames = 0;
  let at = 0;
  while (at + 4 <= audio.length) {
    const bytes = mpegFrameBytes(audio, at);
    if (!bytes) throw new Error(`no MPEG frame at byte ${at}`);
    at += bytes;
    frames += 1;
  }
  return frames;
}
