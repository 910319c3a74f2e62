import fs from 'node:fs/promises';
import { id3TagSize, readXingInfo } from '@samaa/shared';

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

/**
 * The encoder delay and padding of the LAME extension of an MP3's Xing/Info header (read by the
 * shared parser the web player uses too). Undefined for files without one (then players fall
 * back on a default).
 */
export function parseLameHeader(head: Uint8Array): GaplessInfo | undefined {
  const info = readXingInfo(head);
  if (info?.encoderDelay === undefined || info.encoderPadding === undefined) return undefined;
  return { encoderDelay: info.encoderDelay, encoderPadding: info.encoderPadding };
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
