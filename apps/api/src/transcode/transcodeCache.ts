import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger.js';

const PART = '.part-';

/** The process that writes a part file is named in it: `<key><ext>.part-<pid>-<n>`. */
const writerOf = (name: string) => Number(/\.part-(\d+)-/.exec(name)?.[1]);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Finished transcodes on disk, at most `maxBytes` together: the least recently served file is
 * deleted first. Files are written as part files and renamed when complete, so a cached name
 * always holds a whole encode. The index lives in memory and is rebuilt from the folder at start
 * (oldest first, by modification time, which a hit refreshes).
 */
export class TranscodeCache {
  private readonly index: LRUCache<string, number>;
  private ready?: Promise<void>;
  private parts = 0;
  /** Deletions the index asked for (on eviction), awaited before an admission returns. */
  private readonly removing = new Set<Promise<void>>();

  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
    private readonly logger: Logger,
  ) {
    this.index = new LRUCache<string, number>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (size) => Math.max(1, size),
      dispose: (_size, name, reason) => {
        if (reason !== 'evict' && reason !== 'delete') return;
        const removed = this.remove(name).finally(() => this.removing.delete(removed));
        this.removing.add(removed);
      },
    });
  }

  /** Creates the folder, removes part files their writer left (it stopped mid-encode) and indexes the rest. */
  private load(): Promise<void> {
    return (this.ready ??= (async () => {
      await fs.promises.mkdir(this.dir, { recursive: true });
      const names = await fs.promises.readdir(this.dir);
      const files: { name: string; size: number; mtimeMs: number }[] = [];
      for (const name of names) {
        if (name.includes(PART)) {
          if (!alive(writerOf(name)) || writerOf(name) === process.pid) await this.remove(name);
          continue;
        }
        const stat = await fs.promises.stat(path.join(this.dir, name)).catch(() => undefined);
        if (stat?.isFile()) files.push({ name, size: stat.size, mtimeMs: stat.mtimeMs });
      }
      for (const file of files.sort((a, b) => a.mtimeMs - b.mtimeMs)) this.index.set(file.name, file.size);
    })());
  }

  private async remove(name: string): Promise<void> {
    await fs.promises.rm(path.join(this.dir, name), { force: true }).catch((err: unknown) => this.logger.warn({ err, name }, 'could not remove a cached transcode'));
  }

  /** The cached file of a name, refreshed as most recently used; undefined when absent (or deleted by another process). */
  async lookup(name: string): Promise<string | undefined> {
    await this.load();
    if (!this.index.has(name)) return undefined;
    const file = path.join(this.dir, name);
    const now = new Date();
    const touched = await fs.promises.utimes(file, now, now).then(() => true, () => false);
    if (!touched) {
      this.index.delete(name);
      await Promise.all(this.removing);
      return undefined;
    }
    this.index.get(name);
    return file;
  }

  /** A new part file's path for a name. */
  async partFile(name: string): Promise<string> {
    await this.load();
    this.parts += 1;
    return path.join(this.dir, `${name}${PART}${process.pid}-${this.parts}`);
  }

  /** Moves a complete part file under its name; a file larger than the whole cache is not kept. */
  async admit(partFile: string, name: string, size: number): Promise<void> {
    if (size > this.maxBytes) {
      await fs.promises.rm(partFile, { force: true });
      return;
    }
    await fs.promises.rename(partFile, path.join(this.dir, name));
    this.index.set(name, size);
    await Promise.all(this.removing);
  }

  get totalBytes(): number {
    return this.index.calculatedSize;
  }
}
