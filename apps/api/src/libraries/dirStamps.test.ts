import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { createTestContext } from '../test/context.js';
import { libraryFileUrl, type LibraryFolder } from './libraryFolders.js';
import { nodeScanFs, type ScanFs } from './scanPlan.js';
import { scanLibrary, type ScanDeps, type ScanResult } from './scanner.js';
import { startTagReader, type TagReader } from './tagReader.js';
import { dirStampsOf, saveDirStamps } from './libraries.repo.js';
import { taggedMp3, writeFile } from '../test/musicFiles.js';

/*
 * Rescans by directory stamps: an unchanged directory is skipped without a look at its files, a
 * changed one has only its files stat'ed and only its new or changed files read, new and removed
 * directories are found, an edit in place is found when the watcher names its directory or on a
 * full rescan, and a full rescan reads every file.
 */

useTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-stamps-'));
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-stamps-images-'));
const library: LibraryFolder = { id: 'stamps', name: 'stamps', root };
const { data, catalogue, events } = createTestContext();
let reader: TagReader;

const track = (artist: string, album: string, n: number, title = `${album} ${n}`) =>
  writeFile(root, `${artist}/${album}/${n} - ${title}.mp3`, taggedMp3({ title, artist, album, trackNumber: n }));

/** Dates every directory changed in the last seconds a minute back, so that its stamp can be relied on. */
function settle(): void {
  const recent = Date.now() - 30_000;
  const past = new Date(Date.now() - 60_000 - Math.floor(Math.random() * 1000));
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) stack.push(path.join(dir, entry.name));
    if (fs.statSync(dir).mtimeMs > recent) fs.utimesSync(dir, past, past);
  }
}

interface Scanned {
  result: ScanResult;
  read: string[];
  stats: string[];
  listed: string[];
}

async function scan(options: Pick<ScanDeps, 'full' | 'dirty'> = {}): Promise<Scanned> {
  const read: string[] = [];
  const stats: string[] = [];
  const listed: string[] = [];
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const scanFs: ScanFs = {
    ...nodeScanFs,
    // Files' stats only: the folder itself is stat'ed by every scan.
    stat: (file) => (file !== root && stats.push(relative(file)), nodeScanFs.stat(file)),
    opendir: (dir) => (listed.push(relative(dir)), nodeScanFs.opendir(dir)),
  };
  const counting: TagReader = { ...reader, read: (file) => (read.push(relative(file)), reader.read(file)) };
  const result = await scanLibrary(library, { data, catalogue, events, reader: counting, imagesDir, fs: scanFs, ...options });
  return { result, read: read.sort(), stats: [...new Set(stats)].sort(), listed: [...new Set(listed)].sort() };
}

async function titles(): Promise<string[]> {
  const prefix = libraryFileUrl(library, '');
  return (await catalogue.snapshot()).songs
    .filter((song) => song.song.startsWith(prefix))
    .map((song) => song.name)
    .sort();
}

beforeAll(async () => {
  reader = startTagReader(imagesDir, { workers: 2 });
  for (const artist of ['Ana', 'Ben']) for (const album of ['First', 'Second']) for (let n = 1; n <= 3; n += 1) track(artist, album, n, `${artist} ${album} ${n}`);
  settle();
  const first = await scan();
  expect(first.result).toMatchObject({ files: 12, added: 12, songs: 12 });
}, 120_000);
afterAll(() => {
  reader.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe('directory stamps', () => {
  it('skips unchanged directories without listing or stating their files', async () => {
    const again = await scan();
    expect(again.result).toMatchObject({ files: 12, unchanged: 12, added: 0, songs: 12 });
    expect(again).toMatchObject({ read: [], stats: [], listed: [] });
  });

  it('reads again only the changed album: its new and replaced files, after stating its files alone', async () => {
    track('Ana', 'Second', 4, 'Ana Second 4');
    // Rewritten as taggers do, through a new file renamed over the old one.
    const file = path.join(root, 'Ana/Second/2 - Ana Second 2.mp3');
    fs.writeFileSync(`${file}.part`, taggedMp3({ title: 'Ana Second 2 (Remix)', artist: 'Ana', album: 'Second', trackNumber: 2 }));
    fs.renameSync(`${file}.part`, file);
    settle();
    const changed = await scan();
    expect(changed.read).toEqual(['Ana/Second/2 - Ana Second 2.mp3', 'Ana/Second/4 - Ana Second 4.mp3']);
    expect(changed.listed).toEqual(['Ana/Second']);
    expect(changed.stats).toEqual(['1 - Ana Second 1.mp3', '2 - Ana Second 2.mp3', '3 - Ana Second 3.mp3', '4 - Ana Second 4.mp3'].map((name) => `Ana/Second/${name}`));
    expect(changed.result).toMatchObject({ files: 13, added: 1, updated: 1, unchanged: 11, songs: 13 });
    expect(await titles()).toContain('Ana Second 2 (Remix)');
  });

  it('finds a new folder and its songs, and drops the songs of a folder that went', async () => {
    for (let n = 1; n <= 2; n += 1) track('Cleo', 'Debut', n, `Cleo Debut ${n}`);
    fs.rmSync(path.join(root, 'Ben/First'), { recursive: true });
    settle();
    const after = await scan();
    expect(after.read).toEqual(['Cleo/Debut/1 - Cleo Debut 1.mp3', 'Cleo/Debut/2 - Cleo Debut 2.mp3']);
    expect(after.listed).toEqual(['', 'Ben', 'Cleo', 'Cleo/Debut']);
    expect(after.result).toMatchObject({ files: 12, added: 2, removed: 3, songs: 12 });
    const now = await titles();
    expect(now).toContain('Cleo Debut 1');
    expect(now.some((title) => title.startsWith('Ben First'))).toBe(false);
    expect((await scan()).result).toMatchObject({ files: 12, unchanged: 12 });
  });

  it('leaves an edit in place to the watcher, which names its directory, or to a full rescan', async () => {
    const file = path.join(root, 'Ben/Second/1 - Ben Second 1.mp3');
    fs.writeFileSync(file, taggedMp3({ title: 'Ben Second 1 (Live)', artist: 'Ben', album: 'Second', trackNumber: 1 }));
    // The directory's mtime did not move: a rescan by stamps does not see the edit.
    expect((await scan()).read).toEqual([]);
    const dirty = await scan({ dirty: new Set(['Ben/Second']) });
    expect(dirty.read).toEqual(['Ben/Second/1 - Ben Second 1.mp3']);
    expect(await titles()).toContain('Ben Second 1 (Live)');
  });

  it('reads every file on a full rescan, keeping each song', async () => {
    const before = (await catalogue.snapshot()).songs.map((song) => song._id).sort();
    const full = await scan({ full: true });
    expect(full.read).toHaveLength(12);
    expect(full.result).toMatchObject({ files: 12, updated: 12, added: 0, removed: 0, songs: 12 });
    expect((await catalogue.snapshot()).songs.map((song) => song._id).sort()).toEqual(before);
    expect((await scan()).result).toMatchObject({ unchanged: 12 });
  });

  it('rewrites the stamps of hundreds of directories (the embedded engine left one large bulk update unanswered)', async () => {
    const stamps = Array.from({ length: 300 }, (_, i) => ({ path: `many/${i}`, mtimeMs: 1, files: ['a.mp3'], dirs: [] }));
    await saveDirStamps(data, 'many', stamps, []);
    await saveDirStamps(
      data,
      'many',
      stamps.map((stamp) => ({ ...stamp, mtimeMs: 2 })),
      [],
    );
    const kept = await dirStampsOf(data, 'many');
    expect(kept.size).toBe(300);
    expect([...kept.values()].every((stamp) => stamp.mtimeMs === 2)).toBe(true);
  });
});
