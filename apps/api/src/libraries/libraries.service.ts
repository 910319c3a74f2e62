import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { LibraryView } from '@samaa/shared';
import type { AppContext } from '../context.js';
import { ensureMediaDirs, mediaStore } from '../media/mediaStore.js';
import { releaseScanLease, renewScanLease, saveScanSummary, scanSummaryOf, takeScanLease } from './libraries.repo.js';
import { watchFolder as watchTree, type FolderWatcher } from './folderWatcher.js';
import { libraryFolders, type LibraryFolder } from './libraryFolders.js';
import { scanLibrary, type ScanProgress } from './scanner.js';
import { startTagReader, type TagReader } from './tagReader.js';

const LEASE_MS = 60_000;
const RENEW_MS = 20_000;
/** Changes settle this long before a rescan: a copied album is one scan, not one per file. */
const WATCH_SETTLE_MS = 750;
/** Another process holds the lease: look again this much later. */
const BUSY_RETRY_MS = 10_000;
const ERRORS_KEPT = 200;

interface FolderState {
  scanning: boolean;
  again: boolean;
  /** The next scan ignores the directory stamps and reads every file again. */
  full: boolean;
  /** Directories the watcher saw change since the last scan started (relative paths). */
  dirty: Set<string>;
  progress?: ScanProgress;
  problem?: string;
  retry?: NodeJS.Timeout;
  settle?: NodeJS.Timeout;
}

export interface LibrariesRuntime {
  folders: LibraryFolder[];
  views(): Promise<LibraryView[]>;
  /**
   * Starts a scan, or queues one after the running scan. Undefined for an unknown folder. A full
   * scan ignores the directory stamps and reads every file's tags again.
   */
  scan(id: string, options?: { full?: boolean }): 'started' | 'queued' | undefined;
  /** Scans every folder and watches them for changes (the server calls this once). */
  start(): void;
  stop(): Promise<void>;
  /** Resolves once no scan is running or queued here. */
  idle(): Promise<void>;
  /** The pool of worker processes that read tags (each started on first use). */
  reader(): TagReader;
}

/** What an app's music folders are scanned with and into. */
export type LibrariesDeps = Pick<AppContext, 'config' | 'logger' | 'data' | 'catalogue' | 'events'>;

/** An app's music folders (`ctx.libraries`): nothing runs until `start()` or a scan. */
export function createLibraries(ctx: LibrariesDeps): LibrariesRuntime {
  const folders = libraryFolders(ctx.config);
  const store = mediaStore(ctx.config);
  const owner = randomUUID();
  const states = new Map(folders.map((folder): [string, FolderState] => [folder.id, { scanning: false, again: false, full: false, dirty: new Set() }]));
  const watchers: FolderWatcher[] = [];
  let reader: TagReader | undefined;
  let stopped = false;
  // A scan of a large folder stops between two batches when the server stops, instead of holding
  // up the shutdown: every batch written is whole, and the next start goes on from there.
  const stopping = new AbortController();
  let idleWaiters: (() => void)[] = [];

  const tagReader = () => (reader ??= startTagReader(store.dirOf('image')));
  const busy = () => [...states.values()].some((state) => state.scanning || state.again);
  const wakeIdle = () => {
    if (busy()) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  };

  async function runScan(folder: LibraryFolder, state: FolderState): Promise<void> {
    if (!(await takeScanLease(ctx.data, folder.id, owner, LEASE_MS))) {
      state.again = true;
      state.retry = setTimeout(() => kick(folder), BUSY_RETRY_MS);
      return;
    }
    const renew = setInterval(() => void renewScanLease(ctx.data, folder.id, owner, LEASE_MS).catch(() => undefined), RENEW_MS);
    const { full, dirty } = state;
    state.full = false;
    state.dirty = new Set();
    try {
      ensureMediaDirs(store);
      const result = await scanLibrary(folder, {
        data: ctx.data,
        catalogue: ctx.catalogue,
        reader: tagReader(),
        events: ctx.events,
        imagesDir: store.dirOf('image'),
        onProgress: (p) => (state.progress = p),
        signal: stopping.signal,
        full,
        dirty,
        onUnreadable: (file, reason) => ctx.logger.warn({ library: folder.name, file, reason }, `could not read ${file} in ${folder.name}: ${reason}`),
      });
      state.problem = undefined;
      await saveScanSummary(ctx.data, folder.id, {
        lastScanAt: new Date(),
        durationMs: result.durationMs,
        files: result.files,
        songs: result.songs,
        errorCount: result.errorCount,
        errorList: result.errors.slice(0, ERRORS_KEPT),
      });
      ctx.logger.info(
        { library: folder.name, ...result, errors: result.errorCount },
        `scanned ${folder.name}: ${result.files} files in ${result.durationMs} ms`,
      );
      // The catalogue and its search index are kept on disk as the scan leaves them, not only when
      // a full list or a shutdown next writes them: a server killed later starts warm all the same.
      await ctx.catalogue.written().catch((err: unknown) => ctx.logger.warn({ err }, 'could not keep the catalogue on disk'));
      // A list the scan's writes filled with an object per song becomes a table again.
      if (!stopping.signal.aborted) await ctx.catalogue.compact().catch((err: unknown) => ctx.logger.warn({ err }, 'could not make the catalogue a table again'));
    } catch (err) {
      // The server is stopping: its one shutdown line says so.
      if (stopping.signal.aborted) {
        ctx.logger.debug({ library: folder.name }, `scan of ${folder.name} stopped with the server`);
        return;
      }
      // What this scan did not finish, the next one does.
      state.full ||= full;
      for (const dir of dirty) state.dirty.add(dir);
      const code = (err as NodeJS.ErrnoException).code;
      state.problem =
        code === 'ENOENT' ? `The folder ${folder.root} does not exist.` : code === 'EACCES' ? `The folder ${folder.root} cannot be read.` : 'The scan failed; see the server log.';
      ctx.logger.warn({ err, library: folder.name }, 'music folder scan failed');
    } finally {
      clearInterval(renew);
      await releaseScanLease(ctx.data, folder.id, owner).catch(() => undefined);
    }
  }

  function kick(folder: LibraryFolder): 'started' | 'queued' {
    const state = states.get(folder.id)!;
    clearTimeout(state.retry);
    state.retry = undefined;
    if (state.scanning) {
      state.again = true;
      return 'queued';
    }
    state.scanning = true;
    state.again = false;
    state.progress = undefined;
    void (async () => {
      try {
        await runScan(folder, state);
      } finally {
        state.scanning = false;
        state.progress = undefined;
        // With a retry pending, another process is scanning: this one looks again later.
        if (state.again && !stopped && !state.retry) kick(folder);
        wakeIdle();
      }
    })();
    return 'started';
  }

  function watchFolder(folder: LibraryFolder): void {
    const state = states.get(folder.id)!;
    const watcher = watchTree(
      folder.root,
      (dir) => {
        state.dirty.add(path.relative(folder.root, dir).split(path.sep).join('/'));
        clearTimeout(state.settle);
        state.settle = setTimeout(() => kick(folder), WATCH_SETTLE_MS);
      },
      (err) => ctx.logger.warn({ err, library: folder.name }, 'music folder watch failed'),
    );
    watchers.push(watcher);
  }

  return {
    folders,
    async views() {
      return Promise.all(
        folders.map(async (folder): Promise<LibraryView> => {
          const state = states.get(folder.id)!;
          const summary = await scanSummaryOf(ctx.data, folder.id);
          return {
            id: folder.id,
            name: folder.name,
            path: folder.root,
            songs: summary?.songs ?? 0,
            files: summary?.files ?? 0,
            ...(summary?.lastScanAt ? { lastScanAt: new Date(summary.lastScanAt).toISOString() } : {}),
            ...(summary?.durationMs !== undefined ? { durationMs: summary.durationMs } : {}),
            scanning: state.scanning,
            ...(state.scanning && state.progress ? { progress: state.progress } : {}),
            errors: summary?.errorList ?? [],
            errorCount: summary?.errorCount ?? 0,
            ...(state.problem ? { problem: state.problem } : {}),
          };
        }),
      );
    },
    scan(id, options) {
      const folder = folders.find((f) => f.id === id);
      if (!folder) return undefined;
      if (options?.full) states.get(folder.id)!.full = true;
      return kick(folder);
    },
    start() {
      for (const folder of folders) {
        kick(folder);
        watchFolder(folder);
      }
    },
    async stop() {
      stopped = true;
      stopping.abort();
      // The tag reads in flight end at once: their batch is dropped whole, and the batch being
      // written is finished before the scan returns.
      reader?.close();
      for (const state of states.values()) {
        clearTimeout(state.retry);
        clearTimeout(state.settle);
        state.again = false;
      }
      await Promise.all(watchers.map((watcher) => watcher.close()));
      await this.idle();
    },
    idle() {
      if (!busy()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    reader: tagReader,
  };
}
