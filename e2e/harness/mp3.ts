import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The demo catalogue's own generators: a real LAME-encoded MP3 with a real ID3v2.4 tag.
import { coverArtPng } from '../../apps/api/src/media/demo/coverArt.js';
import { id3v2Tag, type Id3Fields } from '../../apps/api/src/media/demo/id3.js';
import { encodeMp3 } from '../../apps/api/src/media/demo/mp3.js';
import { renderTune } from '../../apps/api/src/media/demo/synth.js';

const SAMPLE_RATE = 22050;

/**
 * Writes a short tagged MP3 (TIT2 title, TPE1 artist, APIC front cover, and any `tags` more) to a
 * temporary file, as an admin would pick it, and returns its path.
 */
export function writeTaggedMp3(title: string, artist: string, seconds = 6, fileName = 'e2e-upload.mp3', tags: Id3Fields = {}): string {
  const cover = coverArtPng({ from: [30, 120, 90], to: [10, 30, 40], accent: [240, 220, 120], motif: 'waves' });
  const samples = renderTune(
    { tonic: 60, mode: 'major', progression: [0, 4, 5, 3], bpm: 100, lead: 'sine', kick: false, seconds },
    SAMPLE_RATE,
  );
  const mp3 = Buffer.concat([
    id3v2Tag({ title, artist, cover: { mime: 'image/png', data: cover }, ...tags }),
    encodeMp3(samples, SAMPLE_RATE, 64),
  ]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-e2e-upload-'));
  const file = path.join(dir, fileName);
  fs.writeFileSync(file, mp3);
  return file;
}
