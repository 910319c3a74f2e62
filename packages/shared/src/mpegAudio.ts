/**
 * Reading the start of an MP3: the ID3v2 tag size, MPEG frame headers, and the Xing/Info frame
 * with its LAME extension (frame count, encoder delay and padding). Pure byte code, shared by the
 * API (stored on the song at upload and scan) and the web player (to trim what the browser did not).
 */

/** Samples every MP3 decoder outputs before the encoder's own delay (the MDCT overlap). */
export const MP3_DECODER_DELAY = 529;

export interface MpegFrameInfo {
  sampleRate: number;
  samplesPerFrame: number;
  mpeg1: boolean;
  mono: boolean;
}

export interface XingInfo extends MpegFrameInfo {
  /** Audio frames in the file (the Info frame itself not counted), when the header says. */
  frames?: number;
  /** From the LAME extension: samples the encoder added before and after the audio. */
  encoderDelay?: number;
  encoderPadding?: number;
}

const SAMPLE_RATES: Record<number, readonly number[]> = {
  0b11: [44100, 48000, 32000], // MPEG-1
  0b10: [22050, 24000, 16000], // MPEG-2
  0b00: [11025, 12000, 8000], // MPEG-2.5
};

const ascii = (buf: Uint8Array, at: number, text: string) => {
  if (buf.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

/** An MPEG audio frame header (layer I–III): 11 sync bits and no reserved field values. */
export function isMpegFrameHeader(buf: Uint8Array, at = 0): boolean {
  if (buf.length < at + 4 || buf[at] !== 0xff || (buf[at + 1]! & 0xe0) !== 0xe0) return false;
  const version = (buf[at + 1]! >> 3) & 0b11;
  const layer = (buf[at + 1]! >> 1) & 0b11;
  const bitrate = buf[at + 2]! >> 4;
  const sampleRate = (buf[at + 2]! >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** Size of an ID3v2 tag (header included) at the start of the buffer, 0 when there is none. */
export function id3TagSize(buf: Uint8Array): number {
  if (!ascii(buf, 0, 'ID3') || buf.length < 10) return 0;
  const syncsafe =
    ((buf[6]! & 0x7f) << 21) |
    ((buf[7]! & 0x7f) << 14) |
    ((buf[8]! & 0x7f) << 7) |
    (buf[9]! & 0x7f);
  const footer = buf[5]! & 0x10 ? 10 : 0;
  return 10 + syncsafe + footer;
}

/** Sample rate and frame size of the layer III frame header at `at`. */
export function mpegFrameInfo(buf: Uint8Array, at: number): MpegFrameInfo | undefined {
  if (!isMpegFrameHeader(buf, at)) return undefined;
  const version = (buf[at + 1]! >> 3) & 0b11;
  const layer = (buf[at + 1]! >> 1) & 0b11;
  const mpeg1 = version === 0b11;
  const samplesPerFrame = layer === 0b11 ? 384 : layer === 0b10 || mpeg1 ? 1152 : 576;
  return {
    sampleRate: SAMPLE_RATES[version]![(buf[at + 2]! >> 2) & 0b11]!,
    samplesPerFrame,
    mpeg1,
    mono: buf[at + 3]! >> 6 === 0b11,
  };
}

const BITRATES_KBPS = {
  mpeg1: {
    3: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448], // layer I
    2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384], // layer II
    1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], // layer III
  },
  mpeg2: {
    3: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    1: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  },
} as const;

/** Bitrate of the frame header at `at`, in kbit/s; 0 for "free format". */
export function mpegBitrateKbps(buf: Uint8Array, at: number): number | undefined {
  if (!isMpegFrameHeader(buf, at)) return undefined;
  const mpeg1 = ((buf[at + 1]! >> 3) & 0b11) === 0b11;
  const layer = ((buf[at + 1]! >> 1) & 0b11) as 1 | 2 | 3;
  return BITRATES_KBPS[mpeg1 ? 'mpeg1' : 'mpeg2'][layer][buf[at + 2]! >> 4]!;
}

/** Length in bytes of the frame whose header is at `at` (padding slot included); undefined for free format. */
export function mpegFrameBytes(buf: Uint8Array, at: number): number | undefined {
  const frame = mpegFrameInfo(buf, at);
  const kbps = mpegBitrateKbps(buf, at);
  if (!frame || !kbps) return undefined;
  const padded = (buf[at + 2]! >> 1) & 1;
  if (frame.samplesPerFrame === 384) return (Math.floor((12 * kbps * 1000) / frame.sampleRate) + padded) * 4;
  return Math.floor((frame.samplesPerFrame * 125 * kbps) / frame.sampleRate) + padded;
}

const readUint32 = (buf: Uint8Array, at: number) =>
  ((buf[at]! << 24) | (buf[at + 1]! << 16) | (buf[at + 2]! << 8) | buf[at + 3]!) >>> 0;

/**
 * The Xing/Info frame at the start of an MP3 (after any ID3v2 tag), with the LAME extension's
 * encoder delay and padding (12 bits each, 21 bytes after the encoder's version string).
 * Undefined when the bytes do not start with MPEG audio; frames and gapless fields are absent
 * when the file has no such header.
 */
export function readXingInfo(head: Uint8Array): XingInfo | undefined {
  let at = id3TagSize(head);
  const limit = Math.min(head.length - 4, at + 4096);
  while (at < limit && !isMpegFrameHeader(head, at)) at += 1;
  const frame = mpegFrameInfo(head, at);
  if (!frame) return undefined;
  const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  if (!ascii(head, xing, 'Xing') && !ascii(head, xing, 'Info')) return frame;
  if (head.length < xing + 8) return frame;
  const flags = readUint32(head, xing + 4);
  const info: XingInfo = { ...frame };
  let field = xing + 8;
  if (flags & 1 && head.length >= field + 4) info.frames = readUint32(head, field);
  // Frames, bytes, TOC and quality fields are each present only when their flag is set.
  field += (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  const encoder = field;
  if (head.length < encoder + 24) return info;
  if (!['LAME', 'Lavf', 'Lavc', 'L3.9'].some((name) => ascii(head, encoder, name))) return info;
  const b = encoder + 21;
  info.encoderDelay = (head[b]! << 4) | (head[b + 1]! >> 4);
  info.encoderPadding = ((head[b + 1]! & 0x0f) << 8) | head[b + 2]!;
  return info;
}
