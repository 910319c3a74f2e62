import fs from 'node:fs';
import path from 'node:path';
import { id3v2Tag, type Id3Fields } from '../media/demo/id3.js';
import { encodeMp3 } from '../media/demo/mp3.js';
import { renderTune } from '../media/demo/synth.js';

/* Test support: a music folder of generated, tagged files. */

const RATE = 22050;
let audio: Buffer | undefined;

/** A second of real MP3 frames (encoded once per test run). */
export function mp3Frames(): Buffer {
  const tune = { tonic: 60, mode: 'major', progression: [0], bpm: 120, lead: 'sine', kick: false, seconds: 1 } as const;
  audio ??= Buffer.from(encodeMp3(renderTune(tune, RATE), RATE, 64));
  return audio;
}

export function taggedMp3(fields: Id3Fields): Buffer {
  return Buffer.concat([id3v2Tag(fields), mp3Frames()]);
}

/** A FLAC file with STREAMINFO and Vorbis comments, and no audio frames (the tags are what is read). */
export function flacWithComments(comments: Record<string, string>, seconds = 3, sampleRate = 44100): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  const samples = seconds * sampleRate;
  // 20 bits rate, 3 bits channels-1, 5 bits bits-per-sample-1, 36 bits total samples.
  const packed = (BigInt(sampleRate) << 44n) | (1n << 41n) | (15n << 36n) | BigInt(samples);
  info.writeBigUInt64BE(packed, 10);
  const vendor = Buffer.from('samaa-test');
  const entries = Object.entries(comments).map(([key, value]) => Buffer.from(`${key}=${value}`, 'utf8'));
  const le32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  const vorbis = Buffer.concat([le32(vendor.length), vendor, le32(entries.length), ...entries.flatMap((e) => [le32(e.length), e])]);
  const block = (type: number, last: boolean, body: Buffer) => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(((last ? 0x80 : 0) | type) * 0x1000000 + body.length);
    return Buffer.concat([header, body]);
  };
  return Buffer.concat([Buffer.from('fLaC'), block(0, false, info), block(4, true, vorbis)]);
}

export function writeFile(root: string, relative: string, data: Buffer | string, mtime?: Date): string {
  const file = path.join(root, ...relative.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  if (mtime) fs.utimesSync(file, mtime, mtime);
  return file;
}

/** An ID3v2.4 USLT frame (unsynchronised lyrics, UTF-8). */
export function usltFrame(text: string, lang = 'eng'): { id: string; body: Buffer } {
  return { id: 'USLT', body: Buffer.concat([Buffer.from([3]), Buffer.from(lang, 'latin1'), Buffer.from([0]), Buffer.from(text, 'utf8')]) };
}

/** An ID3v2.4 SYLT frame (synchronised lyrics, UTF-8, times in milliseconds). */
export function syltFrame(lines: { ms: number; text: string }[], lang = 'eng'): { id: string; body: Buffer } {
  const rows = lines.map(({ ms, text }) => {
    const time = Buffer.alloc(4);
    time.writeUInt32BE(ms);
    return Buffer.concat([Buffer.from(`${text}\0`, 'utf8'), time]);
  });
  // encoding 3 (UTF-8), language, time stamp format 2 (milliseconds), content type 1 (lyrics), empty descriptor.
  return { id: 'SYLT', body: Buffer.concat([Buffer.from([3]), Buffer.from(lang, 'latin1'), Buffer.from([2, 1, 0]), ...rows]) };
}
