import fs from 'node:fs';
import path from 'node:path';

export interface FolderWatcher {
  close(): Promise<void>;
  /** How many directories are watched. */
  watched(): number;
}

/**
 * Watches a music folder by its directories: one `fs.watch` (an inotify watch on Linux) per
 * directory, which reports files added, changed, moved or deleted in it. chokidar watches every
 * file on its own, and its watchers and their state grew with the folder until a large library
 * hit the system's limit of watches (docs/performance.md, "Figures behind the code"). Hidden
 * files and folders and symbolic links are skipped, as by the scan; new directories are watched
 * as they appear and removed ones let go. Any change calls `onChange` with the directory it was
 * in (the caller lets them settle, and rescans those directories whatever their mtime).
 */
export function watchFolder(root: string, onChange: (dir: string) => void, onError: (err: Error) => void): FolderWatcher {
  const watchers = new Map<string, fs.FSWatcher>();
  let closed = false;

  const forget = (dir: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched === dir || watched.startsWith(dir + path.sep)) {
        watcher.close();
        watchers.delete(watched);
      }
    }
  };

  const watchDir = (dir: string) => {
    if (closed || watchers.has(dir)) return;
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(dir, { persistent: false }, (event, name) => {
        if (!name || name.startsWith('.')) return;
        onChange(dir);
        if (event !== 'rename') return;
        const child = path.join(dir, name);
        fs.lstat(child, (err, stat) => {
          if (err) forget(child);
          else if (stat.isDirectory()) void watchTree(child);
        });
      });
    } catch (err) {
      if (dir === root) onError(err as Error);
      return;
    }
    // A watched directory that is deleted or moved away: its parent reports it.
    watcher.on('error', () => forget(dir));
    watchers.set(dir, watcher);
  };

  async function watchTree(top: string): Promise<void> {
    const stack = [top];
    while (stack.length > 0 && !closed) {
      const dir = stack.pop()!;
      watchDir(dir);
      try {
        for await (const entry of await fs.promises.opendir(dir)) {
          if (entry.isDirectory() && !entry.name.startsWith('.')) stack.push(path.join(dir, entry.name));
        }
      } catch {
        // Gone or unreadable: the scan reports what it cannot read.
      }
    }
  }

  void watchTree(root);
  return {
    watched: () => watchers.size,
    async close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
