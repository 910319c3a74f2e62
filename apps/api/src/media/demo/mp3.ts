import { Mp3Encoder } from '@breezystack/lamejs';

/** Samples per MPEG-2 layer III frame times a whole number, so the encoder is fed evenly. */
const BLOCK = 1152 * 8;

/** Encodes mono float samples (-1…1) as constant-bitrate MP3 with the pure-JS LAME port. */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps: number): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    pcm[i] = Math.round(s * 32767);
  }
  const parts: Buffer[] = [];
  for (let i = 0; i < pcm.length; i += BLOCK) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + BLOCK));
    if (chunk.length) parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(Buffer.from(tail.buffer, tail.byteOffset, tail.length));
  return Buffer.concat(parts);
}
