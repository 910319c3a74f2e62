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
import { taggedMp3, writeFile } from '../test/musicFiles.js';

/*
 * The scan's cost per file must not grow with the folder or the catalogue: engine calls are a
 * constant per batch of files, the catalogue is announced once per batch, tag reads are the files
 * read and never more at once than the worker pool holds, and an unchanged rescan reads nothing.
 */

useTestDatabase();
const catalogue = createAppCatalogue();
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-scan-size-'));
const imagesDir = path.join(base, 'images');
const { events } = createTestContext();
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
}

interface Measured {
  result: ScanResult;
  engineCalls: number;
  announcements: number;
  reads: number;
}

/** Scans a folder, counting the engine calls (every Mongoose collection call), announcements and tag reads. */
async function measuredScan(id: string, root: string): Promise<Measured> {
  let engineCalls = 0;
  let announcements = 0;
  const readsBefore = reads;
  mongoose.set('debug', () => void (engineCalls += 1));
  const stopListening = catalogue.onChange(() => void (announcements += 1));
  try {
    const counting: TagReader = { ...reader, read: (file) => ((reads += 1), reader.read(file)) };
    const result = await scanLibrary({ id, name: id, root }, { catalogue, events, reader: counting, imagesDir });
    return { result, engineCalls, announcements, reads: reads - readsBefore };
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
afterAll(() => {
  reader.close();
  fs.rmSync(base, { recursive: true, force: true });
});

describe('scan complexity', () => {
  let small: Measured;
  let large: Measured;

  it('writes each batch with a constant number of engine calls and one announcement', async () => {
    small = await measuredScan('sizesmall', path.join(base, 'small'));
    large = await measuredScan('sizelarge', path.join(base, 'large'));
    expect(small.result).toMatchObject({ files: SMALL, added: SMALL, songs: SMALL, errorCount: 0 });
    expect(large.result).toMatchObject({ files: LARGE, added: LARGE, songs: LARGE, errorCount: 0 });
    // One insert of songs, one catalogue version bump, one insert of file entries per batch, and
    // one read of the folder's known entries; nothing per file, nothing per song already there.
    expect(small.engineCalls).toBe(1 + 3 * batches(SMALL));
    expect(large.engineCalls).toBe(1 + 3 * batches(LARGE));
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

  it('rescans an unchanged folder with at most three engine calls and no tag read, whatever its size', async () => {
    const again = await measuredScan('sizesmall', path.join(base, 'small'));
    const againLarge = await measuredScan('sizelarge', path.join(base, 'large'));
    for (const [measured, files] of [[again, SMALL], [againLarge, LARGE]] as const) {
      expect(measured.result).toMatchObject({ files, unchanged: files, added: 0, songs: files });
      expect(measured.reads).toBe(0);
      expect(measured.announcements).toBe(0);
    }
    // The folder's entries, then the catalogue read model (to count the songs an admin deleted):
    // its version and, when this process holds no snapshot of it, one read of the songs.
    expect(again.engineCalls).toBeLessThanOrEqual(3);
    expect(againLarge.engineCalls).toBeLessThanOrEqual(3);
  }, 120_000);

  it('stops between two batches when asked, with every batch written whole, and goes on from there', async () => {
    const root = path.join(base, 'large');
    const stop = new AbortController();
    const stopped = scanLibrary(
      { id: 'sizestop', name: 'sizestop', root },
      { catalogue, events, reader, imagesDir, signal: stop.signal, onProgress: ({ done }) => void (done >= SCAN_BATCH && stop.abort()) },
    );
    await expect(stopped).rejects.toThrow();
    let entries = 0;
    let withSong = 0;
    await forEachFileEntry('sizestop', (entry) => {
      entries += 1;
      if (entry.songId) withSong += 1;
    });
    expect(entries % SCAN_BATCH).toBe(0);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(LARGE);
    expect(withSong).toBe(entries);
    const resumed = await scanLibrary({ id: 'sizestop', name: 'sizestop', root }, { catalogue, events, reader, imagesDir });
    expect(resumed).toMatchObject({ files: LARGE, unchanged: entries, added: LARGE - entries, songs: LARGE });
  }, 300_000);
});
