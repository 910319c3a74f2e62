import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { persistedBody } from '../http/persistedBody.js';
import { generateSongs } from './generateSongs.js';
import { readSnapshotFile, readSnapshotFileAsync, snapshotFileAt } from './catalogueSnapshotFile.js';

/*
 * The full list's gzip read back from the snapshot file: held in memory when small, otherwise read
 * from the open file as it is sent (a million songs' 21 MB are never held), even once a newer file
 * has replaced it.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-snapshot-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const songs = generateSongs(50, 2).map((song, i) => ({ ...song, _id: (0x5000 + i).toString(16).padStart(24, '0') }));

async function kept(name: string, gzip: Buffer) {
  const file = snapshotFileAt(path.join(dir, name));
  file.write('v1', persistedBody('songs-v1', gzip, gzip.length * 3), songs);
  await file.written();
  return file;
}

describe('the snapshot file’s body', () => {
  it('is held in memory when small', async () => {
    const gzip = randomBytes(64 * 1024);
    const file = await kept('small', gzip);
    const disk = readSnapshotFile(file.path)!;
    expect(disk.body.held?.equals(gzip)).toBe(true);
    expect(disk.body.jsonLength).toBe(gzip.length * 3);
  });

  it('is read from the open file when large, by either reader, after the file is replaced too', async () => {
    const gzip = randomBytes(9 * 1024 * 1024);
    const file = await kept('large', gzip);
    const disk = readSnapshotFile(file.path)!;
    const inBackground = (await readSnapshotFileAsync(file.path))!;
    expect(disk.body.held).toBeUndefined();
    expect(inBackground.body.held).toBeUndefined();
    expect(disk.body.gzipLength).toBe(gzip.length);
    // A newer catalogue's file takes its place.
    file.write('v2', persistedBody('songs-v2', randomBytes(1000), 3000), songs);
    await file.written();
    expect((await buffer(disk.body.gzip())).equals(gzip)).toBe(true);
    expect((await buffer(inBackground.body.gzip())).equals(gzip)).toBe(true);
    // Two sends at once read their own places in it.
    const [a, b] = await Promise.all([buffer(disk.body.gzip()), buffer(disk.body.gzip())]);
    expect(a.equals(gzip) && b.equals(gzip)).toBe(true);
    expect((await disk.songs()).songs.map((song) => song._id)).toEqual(songs.map((song) => song._id));
  });
});
