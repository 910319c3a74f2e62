import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestContext } from '../test/context.js';
import { createAppCatalogue } from '../appCatalogue.js';
import { SCAN_BATCH, scanLibrary, type ScanResult } from './scanner.js';
import { startTagReader, type TagReader } from './tagReader.js';
import { forEachFileEntry } from './libraries.repo.js';
import { nodeScanFs, type ScanFs } from './scanPlan.js';
import { taggedMp3, writeFile } from '../test/musicFiles.js';

/*
 * The scan's cost per file must not grow with the folder or the catalogue: engine calls are a
 * constant per batch of files, the catalogue is announced once per batch, tag reads are the files
 * read and never more at once than the worker pool holds, and an unchanged rescan reads nothing
 * and stats only the directories.
 */

useTestDatabase();
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-scan-size-'));
const imagesDir = path.join(base, 'images');
const { data, events } = createTestContext();
const catalogue = createAppCatalogue({ data });
const SMALL = 1000;
const LARGE = 2600;
let reader: TagReader;
let reads = 0;
/** The most reads the workers held at once. */
let peakInFlight = 0;

function writeFolder(root: string, files: number): void {
  const perAlbum = 50;
  for (let i = 0; i < files; i += 1) {
    const artist = `Artist ${Math.floor(i / (perAlbum * 4))}`;
    const album = `Album ${Math.floor(i / perAlbum)}`;
    writeFile(root, `${artist}/${album}/${String(i % perAlbum).padStart(2, '0')} - Song ${i}.mp3`, taggedMp3({ title: `Song ${i}`, artist, album, trackNumber: (i % perAlbum) + 1 }));
  }
  settleDirs(root);
}

/** Every directory under root, the root included. */
function dirsUnder(root: string): string[] {
  const found = [root];
  for (let i = 0; i < found.length; i += 1) {
    for (const entry of fs.readdirSync(found[i]!, { withFileTypes: true })) if (entry.isDirectory()) found.push(path.join(found[i]!, entry.name));
  }
  return found;
}

/** Dates the directories an hour back: a directory changed within the last seconds is listed by every scan. */
function settleDirs(root: string): void {
  const past = new Date(Date.now() - 3_600_000);
  for (const dir of dirsUnder(root)) fs.utimesSync(dir, past, past);
}

interface FsCalls {
  lstat: number;
  stat: number;
  opendir: number;
}

/** The scanner's file-system calls, counted. */
function countingFs(): { scanFs: ScanFs; calls: FsCalls } {
  const calls: FsCalls = { lstat: 0, stat: 0, opendir: 0 };
  return {
    calls,
    scanFs: {
      lstat: (file) => ((calls.lstat += 1), nodeScanFs.lstat(file)),
      stat: (file) => ((calls.stat += 1), nodeScanFs.stat(file)),
      opendir: (dir) => ((calls.opendir += 1), nodeScanFs.opendir(dir)),
    },
  };
}

interface Measured {
  result: ScanResult;
  engineCalls: number;
  announcements: number;
  reads: number;
  fsCalls: FsCalls;
}

/** Scans a folder, counting the engine calls (every Mongoose collection call), announcements, tag reads and file-system calls. */
async function measuredScan(id: string, root: string, using: TagReader = reader): Promise<Measured> {
  let engineCalls = 0;
  let announcements = 0;
  const readsBefore = reads;
  mongoose.set('debug', () => void (engineCalls += 1));
  const stopListening = catalogue.onChange(() => void (announcements += 1));
  try {
    const counting: TagReader = { ...using, read: (file) => ((reads += 1), using.read(file)) };
    const { scanFs, calls } = countingFs();
    const result = await scanLibrary({ id, name: id, root }, { data, catalogue, events, reader: counting, imagesDir, fs: scanFs });
    return { result, engineCalls, announcements, reads: reads - readsBefore, fsCalls: calls };
  } finally {
    mongoose.set('debug', false);
    stopListening();
  }
}

const batches = (files: number) => Math.ceil(files / SCAN_BATCH);

beforeAll(() => {
  fs.mkdirSync(imagesDir, { recursive: true });
  writeFolder(path.join(base, 'small'), SMALL);
  writeFolder(path.join(base, 'large'), LARGE);
  reader = startTagReader(imagesDir, { workers: 2, perWorker: 3, onSent: (inFlight) => (peakInFlight = Math.max(peakInFlight, inFlight)) });
});
afterAll(async () => {
  reader.close();
  await fs.promises.rm(base, { recursive: true, force: true });
}, 300_000);

describe('scan complexity', () => {
  let small: Measured;
  let large: Measured;

  it('writes each batch with a constant number of engine calls and one announcement', async () => {
    small = await measuredScan('sizesmall', path.join(base, 'small'));
    large = await measuredScan('sizelarge', path.join(base, 'large'));
    expect(small.result).toMatchObject({ files: SMALL, added: SMALL, songs: SMALL, errorCount: 0 });
    expect(large.result).toMatchObject({ files: LARGE, added: LARGE, songs: LARGE, errorCount: 0 });
    // One insert of songs, one catalogue version bump, one insert of file entries per batch; one
    // read of the stamps and one of the folder's known entries before, one write of the stamps
    // (per 500 directories) after, and the catalogue read model to count the folder's songs (its
    // version, and its songs when this process holds no fresh snapshot). Nothing per file.
    for (const [measured, files] of [[small, SMALL], [large, LARGE]] as const) {
      const perBatch = 3 * batches(files);
      expect(measured.engineCalls).toBeGreaterThanOrEqual(2 + perBatch + 1);
      expect(measured.engineCalls).toBeLessThanOrEqual(2 + perBatch + 1 + 2);
    }
    expect(small.announcements).toBe(batches(SMALL));
    expect(large.announcements).toBe(batches(LARGE));
  }, 300_000);

  it('reads each file once, never more at a time than the worker pool holds', () => {
    expect(small.reads).toBe(SMALL);
    expect(large.reads).toBe(LARGE);
    expect(reader.capacity).toBe(6);
    expect(peakInFlight).toBeLessThanOrEqual(reader.capacity);
    expect(peakInFlight).toBeGreaterThan(1);
  });

  it('rescans an unchanged folder with at most three engine calls, no tag read and one stat per directory, whatever its size', async () => {
    const again = await measuredScan('sizesmall', path.join(base, 'small'));
    const againLarge = await measuredScan('sizelarge', path.join(base, 'large'));
    for (const [measured, files, folder] of [[again, SMALL, 'small'], [againLarge, LARGE, 'large']] as const) {
      expect(measured.result).toMatchObject({ files, unchanged: files, added: 0, songs: files });
      expect(measured.reads).toBe(0);
      expect(measured.announcements).toBe(0);
      expect(measured.fsCalls).toEqual({ lstat: dirsUnder(path.join(base, folder)).length - 1, stat: 1, opendir: 0 });
    }
    // The folder's stamps, then the catalogue read model (to count the folder's songs): its
    // version and, when this process holds no snapshot of it, one read of the songs.
    expect(again.engineCalls).toBeLessThanOrEqual(3);
    expect(againLarge.engineCalls).toBeLessThanOrEqual(3);
  }, 120_000);

  it('stats directories, not files, on an unchanged rescan: the same calls for 10 or 200 files a folder', async () => {
    // 100 folders of 10 files, then of 200 (1,000 and 20,000 files). What the files hold does not
    // matter to what a rescan stats, so the first scans take them from a reader that answers at
    // once (each file is then listed as unreadable, with no song: the catalogue stays small).
    const instant: TagReader = { ...reader, read: async () => ({ id: 0, error: 'not read by this test' }) };
    const fsCalls: FsCalls[] = [];
    for (const perFolder of [10, 200]) {
      const root = path.join(base, `wide${perFolder}`);
      for (let folder = 0; folder < 100; folder += 1) {
        const dir = path.join(root, `Artist ${folder % 10}`, `Album ${folder}`);
        fs.mkdirSync(dir, { recursive: true });
        for (let track = 0; track < perFolder; track += 1) fs.writeFileSync(path.join(dir, `${track}.mp3`), 'x');
      }
      settleDirs(root);
      const first = await measuredScan(`wide${perFolder}`, root, instant);
      expect(first.result).toMatchObject({ files: 100 * perFolder, errorCount: 100 * perFolder });
      const again = await measuredScan(`wide${perFolder}`, root, instant);
      expect(again.result).toMatchObject({ files: 100 * perFolder, unchanged: 100 * perFolder, added: 0, errorCount: 100 * perFolder });
      expect(again.reads).toBe(0);
      fsCalls.push(again.fsCalls);
    }
    // The root (a stat: it may be a link), 10 artists and 100 albums (an lstat each); no listing, no file stat.
    expect(fsCalls[0]).toEqual({ lstat: 110, stat: 1, opendir: 0 });
    expect(fsCalls[1]).toEqual(fsCalls[0]);
  }, 600_000);

  it('stops between two batches when asked, with every batch written whole, and goes on from there', async () => {
    const root = path.join(base, 'large');
    const stop = new AbortController();
    const stopped = scanLibrary(
      { id: 'sizestop', name: 'sizestop', root },
      { data, catalogue, events, reader, imagesDir, signal: stop.signal, onProgress: ({ done }) => void (done >= SCAN_BATCH && stop.abort()) },
    );
    await expect(stopped).rejects.toThrow();
    let entries = 0;
    let withSong = 0;
    await forEachFileEntry(data, 'sizestop', (entry) => {
      entries += 1;
      if (entry.songId) withSong += 1;
    });
    expect(entries % SCAN_BATCH).toBe(0);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(LARGE);
    expect(withSong).toBe(entries);
    const resumed = await scanLibrary({ id: 'sizestop', name: 'sizestop', root }, { data, catalogue, events, reader, imagesDir });
    expect(resumed).toMatchObject({ files: LARGE, unchanged: entries, added: LARGE - entries, songs: LARGE });
  }, 300_000);
});
