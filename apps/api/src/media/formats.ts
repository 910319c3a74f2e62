import fs from 'node:fs/promises';
import { id3TagSize, isMpegFrameHeader, type MediaKind } from '@samaa/shared';

export interface MediaFormat {
  kind: MediaKind;
  /** Canonical extension, with the dot. */
  ext: string;
  mime: string;
  /** Extensions a stored file of this format may keep. */
  extensions: readonly string[];
}

const FORMATS = {
  mp3: { kind: 'audio', ext: '.mp3', mime: 'audio/mpeg', extensions: ['.mp3'] },
  aac: { kind: 'audio', ext: '.aac', mime: 'audio/aac', extensions: ['.aac'] },
  m4a: { kind: 'audio', ext: '.m4a', mime: 'audio/mp4', extensions: ['.m4a', '.mp4', '.m4b'] },
  ogg: { kind: 'audio', ext: '.ogg', mime: 'audio/ogg', extensions: ['.ogg', '.oga'] },
  opus: { kind: 'audio', ext: '.opus', mime: 'audio/ogg', extensions: ['.opus', '.ogg'] },
  wav: { kind: 'audio', ext: '.wav', mime: 'audio/wav', extensions: ['.wav', '.wave'] },
  flac: { kind: 'audio', ext: '.flac', mime: 'audio/flac', extensions: ['.flac'] },
  jpeg: { kind: 'image', ext: '.jpg', mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { kind: 'image', ext: '.png', mime: 'image/png', extensions: ['.png'] },
  webp: { kind: 'image', ext: '.webp', mime: 'image/webp', extensions: ['.webp'] },
} as const satisfies Record<string, MediaFormat>;

/** Content-Type of a stored file by its extension (stored names always carry a checked one). */
export function mimeForExtension(ext: string): string | undefined {
  const lower = ext.toLowerCase();
  return Object.values(FORMATS).find((f) => (f.extensions as readonly string[]).includes(lower))?.mime;
}

/** Bytes read from the start of a file: enough for every signature below. */
export const SNIFF_BYTES = 64;

const ascii = (buf: Uint8Array, at: number, text: string) =>
  buf.length >= at + text.length && Buffer.from(buf.subarray(at, at + text.length)).toString('latin1') === text;

/** An AAC ADTS header: 12 sync bits, layer 00. */
function isAdtsHeader(buf: Uint8Array, at = 0): boolean {
  return buf.length >= at + 2 && buf[at] === 0xff && (buf[at + 1]! & 0xf6) === 0xf0;
}

/**
 * The format of a file from its first bytes (not its name). `afterId3` holds the bytes that follow
 * an ID3v2 tag, when the caller read them, to tell ID3-tagged AAC from MP3.
 */
export function sniffFormat(head: Uint8Array, afterId3?: Uint8Array): MediaFormat | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return FORMATS.jpeg;
  if (ascii(head, 0, '\x89PNG\r\n\x1a\n')) return FORMATS.png;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return FORMATS.webp;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return FORMATS.wav;
  if (ascii(head, 0, 'fLaC')) return FORMATS.flac;
  if (ascii(head, 0, 'OggS')) return ascii(head, 28, 'OpusHead') ? FORMATS.opus : FORMATS.ogg;
  if (ascii(head, 4, 'ftyp')) {
    const brand = Buffer.from(head.subarray(8, 12)).toString('latin1');
    // HEIF/AVIF images share the ISO container; they are not audio.
    return /^(avi[fs]|hei[cfmsx]|mif1|msf1)$/.test(brand) ? undefined : FORMATS.m4a;
  }
  if (ascii(head, 0, 'ID3')) return afterId3 && isAdtsHeader(afterId3) ? FORMATS.aac : FORMATS.mp3;
  if (isAdtsHeader(head)) return FORMATS.aac;
  if (isMpegFrameHeader(head)) return FORMATS.mp3;
  return undefined;
}

/** Reads the signature of a file on disk. */
export async function sniffFile(filePath: string): Promise<MediaFormat | undefined> {
  const file = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    const start = head.subarray(0, bytesRead);
    const tag = id3TagSize(start);
    if (tag === 0) return sniffFormat(start);
    const after = Buffer.alloc(4);
    const next = await file.read(after, 0, 4, tag);
    return sniffFormat(start, after.subarray(0, next.bytesRead));
  } finally {
    await file.close();
  }
}
