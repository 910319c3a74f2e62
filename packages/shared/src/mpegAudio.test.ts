import { describe, expect, it } from 'vitest';
import { id3TagSize, isMpegFrameHeader, mpegBitrateKbps, mpegFrameBytes, mpegFrameInfo, readXingInfo } from './mpegAudio.js';

/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz, no CRC; the last byte picks the channel mode. */
const MPEG1_STEREO = [0xff, 0xfb, 0x90, 0x64];
const MPEG1_MONO = [0xff, 0xfb, 0x90, 0xc4];
/** MPEG-2 layer III, 64 kbit/s, 22.05 kHz, mono. */
const MPEG2_MONO = [0xff, 0xf3, 0x80, 0xc4];

/** A first frame holding a Xing/Info header with the given flags and, optionally, a LAME tag. */
function infoFrame(
  header: number[],
  { tag = 'Info', flags = 0x0f, frames = 117, encoder = 'LAME3.100', delay = 576, padding = 871 } = {},
): Uint8Array {
  const frame = new Uint8Array(417);
  frame.set(header);
  const mpeg1 = (header[1]! & 0x08) !== 0;
  const mono = header[3]! >> 6 === 0b11;
  let at = 4 + (mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17);
  const write = (text: string, where: number) => [...text].forEach((c, i) => (frame[where + i] = c.charCodeAt(0)));
  const u32 = (value: number, where: number) => frame.set([value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff], where);
  write(tag, at);
  u32(flags, at + 4);
  at += 8;
  if (flags & 1) {
    u32(frames, at);
    at += 4;
  }
  at += (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  write(encoder, at);
  frame.set([delay >> 4, ((delay & 0x0f) << 4) | (padding >> 8), padding & 0xff], at + 21);
  return frame;
}

/** An ID3v2.4 header announcing `size` bytes of frames, followed by them (zeros). */
function id3(size: number): Uint8Array {
  const tag = new Uint8Array(10 + size);
  tag.set([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return tag;
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

describe('MPEG audio headers', () => {
  it('tells frame headers from other bytes', () => {
    expect(isMpegFrameHeader(Uint8Array.from(MPEG1_STEREO))).toBe(true);
    expect(isMpegFrameHeader(Uint8Array.from([0xff, 0xfb, 0xf0, 0x64]))).toBe(false); // bitrate index 15
    expect(isMpegFrameHeader(Uint8Array.from([0xff, 0xfb, 0x9c, 0x64]))).toBe(false); // sample rate index 3
    expect(isMpegFrameHeader(Uint8Array.from([0xff, 0xeb, 0x90, 0x64]))).toBe(false); // version 01 is reserved
    expect(isMpegFrameHeader(Uint8Array.from([0x49, 0x44, 0x33, 4]))).toBe(false);
  });

  it('reads sample rate, frame size in samples and bytes, and the channel mode', () => {
    const mpeg1 = Uint8Array.from(MPEG1_STEREO);
    expect(mpegFrameInfo(mpeg1, 0)).toEqual({ sampleRate: 44100, samplesPerFrame: 1152, mpeg1: true, mono: false });
    expect(mpegBitrateKbps(mpeg1, 0)).toBe(128);
    expect(mpegFrameBytes(mpeg1, 0)).toBe(417);
    expect(mpegFrameBytes(Uint8Array.from([0xff, 0xfb, 0x92, 0x64]), 0)).toBe(418); // padding slot
    const mpeg2 = Uint8Array.from(MPEG2_MONO);
    expect(mpegFrameInfo(mpeg2, 0)).toEqual({ sampleRate: 22050, samplesPerFrame: 576, mpeg1: false, mono: true });
    expect(mpegFrameBytes(mpeg2, 0)).toBe(208);
    expect(mpegFrameInfo(Uint8Array.from([0, 0, 0, 0]), 0)).toBeUndefined();
  });

  it('measures an ID3v2 tag from its syncsafe size, footer included', () => {
    expect(id3TagSize(id3(300))).toBe(310);
    const withFooter = id3(5);
    withFooter[5] = 0x10;
    expect(id3TagSize(withFooter)).toBe(25);
    expect(id3TagSize(Uint8Array.from(MPEG1_STEREO))).toBe(0);
  });
});

describe('readXingInfo', () => {
  it('reads the frame count and the LAME encoder delay and padding', () => {
    expect(readXingInfo(infoFrame(MPEG1_STEREO))).toEqual({
      sampleRate: 44100,
      samplesPerFrame: 1152,
      mpeg1: true,
      mono: false,
      frames: 117,
      encoderDelay: 576,
      encoderPadding: 871,
    });
  });

  it('finds the header after an ID3 tag, in mono and MPEG-2 frames, with only some Xing fields', () => {
    expect(readXingInfo(concat(id3(1000), infoFrame(MPEG1_MONO, { delay: 2880, padding: 4095 })))).toMatchObject({
      mono: true,
      encoderDelay: 2880,
      encoderPadding: 4095,
    });
    expect(readXingInfo(infoFrame(MPEG2_MONO, { tag: 'Xing', flags: 0x01, frames: 9 }))).toMatchObject({
      sampleRate: 22050,
      samplesPerFrame: 576,
      frames: 9,
      encoderDelay: 576,
    });
    // Neither the frame count nor the seek table: the LAME tag follows the flags directly.
    expect(readXingInfo(infoFrame(MPEG1_STEREO, { flags: 0, delay: 1105, padding: 7 }))).toMatchObject({
      encoderDelay: 1105,
      encoderPadding: 7,
    });
  });

  it('gives the frame alone without an Info header or a known encoder tag, nothing for non-audio', () => {
    const plain = readXingInfo(infoFrame(MPEG1_STEREO, { tag: 'Nope' }));
    expect(plain).toEqual({ sampleRate: 44100, samplesPerFrame: 1152, mpeg1: true, mono: false });
    const unknownEncoder = readXingInfo(infoFrame(MPEG1_STEREO, { encoder: 'XYZ1.000' }));
    expect(unknownEncoder).toMatchObject({ frames: 117 });
    expect(unknownEncoder?.encoderDelay).toBeUndefined();
    expect(readXingInfo(new TextEncoder().encode('not audio at all'))).toBeUndefined();
  });
});
