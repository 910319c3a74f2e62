import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { watchFolder } from './folderWatcher.js';
import { writeFile } from '../test/musicFiles.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-watch-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
}

describe('music folder watcher', () => {
  it('watches each directory once, not each file, and follows directories added and removed', async () => {
    for (let a = 0; a < 2; a += 1) for (let t = 0; t < 40; t += 1) writeFile(root, `Artist ${a}/Album/${t}.mp3`, 'x');
    writeFile(root, '.hidden/skipped.mp3', 'x');
    let changes = 0;
    const watcher = watchFolder(root, () => (changes += 1), () => undefined);
    try {
      // The root, two artists and their albums: five, whatever the number of files.
      await until(() => watcher.watched() === 5);
      writeFile(root, 'Artist 0/Album/new.mp3', 'y');
      await until(() => changes > 0);
      writeFile(root, 'Artist 2/Album/Disc 1/a.mp3', 'z');
      await until(() => watcher.watched() === 8);
      const before = changes;
      writeFile(root, 'Artist 2/Album/Disc 1/b.mp3', 'z');
      await until(() => changes > before);
      fs.rmSync(path.join(root, 'Artist 2'), { recursive: true });
      await until(() => watcher.watched() === 5);
    } finally {
      await watcher.close();
    }
    expect(watcher.watched()).toBe(0);
  });
});
