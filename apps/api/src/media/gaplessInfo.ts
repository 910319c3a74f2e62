import fs from 'node:fs/promises';
import { id3TagSize, isMpegFrameHeader } from './formats.js';

/** Samples an encoder added before and after the audio, which a gapless player trims. */
export interface GaplessInfo {
  encoderDelay: number;
  encoderPadding: number;
}

/**
 * `iTunSMPB`, as iTunes and most AAC encoders write it: " 00000000 <delay> <padding> <samples> …"
 * in hex.
 */
export function parseITunSmpb(value: string): GaplessInfo | undefined {
  const fields = value.trim().split(/\s+/);
  if (fields.length < 4 || !fields.slice(0, 4).every((f) => /^[0-9a-fA-F]+$/.test(f))) return undefined;
  return { encoderDelay: parseInt(fields[1]!, 16), encoderPadding: parseInt(fields[2]!, 16) };
}

/** Where the Xing/Info header sits in the first frame: after the side information. */
function sideInfoEnd(frame: Buffer, at: number): number {
  const mpeg1 = ((frame[at + 1]! >> 3) & 0b11) === 0b11;
  const mono = frame[at + 3]! >> 6 === 0b11;
  return at + 4 + (mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17);
}

/**
 * The encoder delay and padding of the LAME extension of an MP3's Xing/Info header: 12 bits each,
 * 21 bytes after the "LAME" version string. Undefined for files without one (then players fall
 * back on a default).
 */
export function parseLameHeader(head: Buffer): GaplessInfo | undefined {
  let at = id3TagSize(head);
  while (at < head.length - 4 && !isMpegFrameHeader(head, at)) at += 1;
  if (!isMpegFrameHeader(head, at)) return undefined;
  const xing = sideInfoEnd(head, at);
  const tag = head.toString('latin1', xing, xing + 4);
  if (tag !== 'Xing' && tag !== 'Info') return undefined;
  const flags = head.readUInt32BE(xing + 4);
  // Frames, bytes, TOC and quality fields are each present only when their flag is set.
  const lame = xing + 8 + (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (head.length < lame + 24 || !/^(LAME|Lavf|Lavc)/.test(head.toString('latin1', lame, lame + 4))) return undefined;
  const b = lame + 21;
  return {
    encoderDelay: (head[b]! << 4) | (head[b + 1]! >> 4),
    encoderPadding: ((head[b + 1]! & 0x0f) << 8) | head[b + 2]!,
  };
}

/** Reads just enough of an MP3 to find its LAME header. */
export async function readLameHeader(file: string): Promise<GaplessInfo | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const start = Buffer.alloc(10);
    await handle.read(start, 0, 10, 0);
    const length = Math.min(id3TagSize(start) + 8192, 4 * 1024 * 1024);
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return parseLameHeader(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
