import fs from 'node:fs';
import path from 'node:path';
import { connectMongoose, disconnectDatabase } from '../../apps/api/src/db/connection.js';
import { ensureMediaDirs } from '../../apps/api/src/media/mediaStore.js';
import { id3v2Tag } from '../../apps/api/src/media/demo/id3.js';
import { AppData } from '../../apps/api/src/db/appData.js';
import { createAppCatalogue } from '../../apps/api/src/appCatalogue.js';
import { createAppEvents } from '../../apps/api/src/composition.js';
import { createPlaylistStore } from '../../apps/api/src/playlists/playlists.service.js';
import { createLogger } from '../../apps/api/src/logger.js';
import { scanLibrary } from '../../apps/api/src/libraries/scanner.js';
import { startTagReader } from '../../apps/api/src/libraries/tagReader.js';
import { mp3Frames } from '../../apps/api/src/test/musicFiles.js';
import { peakRssOf } from './hotPaths.js';
import { mb } from './processes.js';

/*
 * The music folder case of `npm run bench`: a folder of generated, tagged MP3s (artist/album/track
 * layout) scanned into an empty catalogue, then scanned again with nothing changed.
 */

const ARTISTS = 100;
const ALBUMS = 10;

/** Writes `files` tagged one-second MP3s under `root`, Artist a/Album b/NN - Song t.mp3. */
export function writeFolder(root: string, files: number, { albumsPerArtist = ALBUMS } = {}): void {
  const audio = mp3Frames();
  const tracks = Math.ceil(files / (ARTISTS * albumsPerArtist));
  let written = 0;
  for (let a = 1; a <= ARTISTS && written < files; a += 1) {
    for (let b = 1; b <= albumsPerArtist && written < files; b += 1) {
      const dir = path.join(root, `Artist ${a}`, `Album ${b}`);
      fs.mkdirSync(dir, { recursive: true });
      for (let t = 1; t <= tracks && written < files; t += 1, written += 1) {
        const tag = id3v2Tag({ title: `Song ${a}-${b}-${t}`, artist: `Artist ${a}`, album: `Album ${b}`, trackNumber: t, year: 1990 + (a % 30) });
        fs.writeFileSync(path.join(dir, `${String(t).padStart(2, '0')} - Song ${t}.mp3`), Buffer.concat([tag, audio]));
      }
    }
  }
}

export async function scanBench(uri: string, work: string, files: number, log: (line: string) => void): Promise<string[]> {
  const root = path.join(work, 'music');
  const mediaDir = path.join(work, 'scan-media');
  log(`scan: writing ${files.toLocaleString('en')} tagged MP3s…`);
  writeFolder(root, files);
  ensureMediaDirs({ root: mediaDir, incomingDir: path.join(mediaDir, '.incoming'), dirOf: (kind) => path.join(mediaDir, kind === 'audio' ? 'audio' : 'images') });
  await connectMongoose(uri, 'samaa-bench-scan');
  const reader = startTagReader(path.join(mediaDir, 'images'));
  const library = { id: 'benchscan', name: 'music', root };
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const before = process.memoryUsage().rss;
    log('scan: first scan…');
    const data = new AppData();
    const catalogue = createAppCatalogue({ data });
    // As the libraries service scans: its songs announced on the app's event bus.
    const events = createAppEvents(createLogger('warn'), { data, playlists: createPlaylistStore(data) });
    const first = await scanLibrary(library, { data, catalogue, reader, events, imagesDir: path.join(mediaDir, 'images') });
    const readerPeaks = reader.pids().map((pid) => peakRssOf(pid));
    log('scan: rescan with nothing changed…');
    const again = await scanLibrary(library, { data, catalogue, reader, events, imagesDir: path.join(mediaDir, 'images') });
    const rate = (first.files / (first.durationMs / 1000)).toFixed(0);
    return [
      `Music folder scan (${first.files.toLocaleString('en')} tagged MP3s, artist/album/track folders, into an empty catalogue): **${(first.durationMs / 1000).toFixed(1)} s**, **${rate} files/s**, ${first.added.toLocaleString('en')} songs added, ${first.errors.length} errors.`,
      `Rescan of the unchanged folder: **${(again.durationMs / 1000).toFixed(1)} s** (${again.unchanged.toLocaleString('en')} unchanged, ${again.added + again.updated} read again).`,
      `Scan memory: scanning process peak RSS ${mb(peak)} MB (${mb(before)} MB before the scan), tag reader workers' peaks ${readerPeaks.length ? readerPeaks.map((peak) => `${mb(peak)} MB`).join(' + ') : 'not measured'}.`,
    ];
  } finally {
    clearInterval(sampler);
    reader.close();
    await disconnectDatabase();
  }
}
