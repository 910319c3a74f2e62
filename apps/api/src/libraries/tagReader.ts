import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AudioTags } from '@samaa/shared';
import type { FoundLyrics } from '../lyrics/audioFileLyrics.js';

export interface TagRequest {
  id: number;
  file: string;
  imagesDir: string;
}

export interface TagResponse {
  id: number;
  tags?: AudioTags;
  coverUrl?: string;
  error?: string;
  /** A sidecar .lrc, else the tags' lyrics; why a sidecar was ignored. */
  lyrics?: FoundLyrics;
  lyricsProblem?: string;
}

export interface TagReader {
  /** Reads one file's tags; past the pool's capacity, the read waits its turn here. */
  read(file: string): Promise<TagResponse>;
  /** Kills the worker processes: reads in flight or waiting end at once with an error. */
  close(): void;
  /** The first worker's process id, while it runs (for memory figures). */
  pid(): number | undefined;
  /** Every running worker's process id. */
  pids(): number[];
  /** How many reads are sent to the workers at once, at most. */
  readonly capacity: number;
}

export interface TagReaderOptions {
  /** Worker processes (default: the core count, at most 4). */
  workers?: number;
  /** Reads queued in each worker, so one never waits for the next message (default 4). */
  perWorker?: number;
  /** Told, as each read goes to a worker, how many reads the workers then hold. */
  onSent?: (inFlight: number) => void;
}

/** The worker next to this module: TypeScript under tsx (development, tests), JavaScript when built. */
function workerEntry(): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return {
    file: fileURLToPath(new URL(`./tagReaderProcess.${fromSource ? 'ts' : 'js'}`, import.meta.url)),
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  };
}

interface Worker {
  child?: ChildProcess;
  pending: Map<number, (response: TagResponse) => void>;
}

/**
 * Each parse leaves only garbage behind: a young generation kept at 1 MB per semi-space (instead
 * of growing to 16 MB) collects it sooner, so each worker stays small beside the API and engine.
 */
const WORKER_HEAP = ['--max-semi-space-size=1'];

const STOPPED = 'the tag reader stopped';

const defaultWorkers = () => Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length));

/**
 * A bounded pool of tag-reading worker processes, each started on first use and again if it
 * dies. Reads go to the least busy worker; beyond `workers × perWorker` in flight they queue here,
 * so a scan can hand over a whole batch without starting more parsing than the cores can do.
 */
export function startTagReader(imagesDir: string, options: TagReaderOptions = {}): TagReader {
  const size = Math.max(1, options.workers ?? defaultWorkers());
  const perWorker = Math.max(1, options.perWorker ?? 4);
  const workers: Worker[] = Array.from({ length: size }, () => ({ pending: new Map() }));
  const queue: { request: TagRequest; resolve(response: TagResponse): void }[] = [];
  let nextId = 0;
  let closed = false;
  let inFlight = 0;

  function processOf(worker: Worker): ChildProcess {
    if (worker.child && worker.child.connected) return worker.child;
    const { file, execArgv } = workerEntry();
    const started = fork(file, [], { execArgv: [...execArgv, ...WORKER_HEAP], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
    started.on('message', (response: TagResponse) => {
      const resolve = worker.pending.get(response.id);
      if (!resolve) return;
      worker.pending.delete(response.id);
      finish(resolve, response);
    });
    started.on('exit', () => {
      if (worker.child === started) worker.child = undefined;
      const stranded = [...worker.pending];
      worker.pending.clear();
      for (const [id, resolve] of stranded) finish(resolve, { id, error: STOPPED });
    });
    worker.child = started;
    return started;
  }

  function finish(resolve: (response: TagResponse) => void, response: TagResponse): void {
    inFlight -= 1;
    resolve(response);
    pump();
  }

  function pump(): void {
    while (queue.length > 0) {
      const worker = workers.reduce((best, w) => (w.pending.size < best.pending.size ? w : best));
      if (worker.pending.size >= perWorker) return;
      const { request, resolve } = queue.shift()!;
      worker.pending.set(request.id, resolve);
      inFlight += 1;
      options.onSent?.(inFlight);
      processOf(worker).send(request);
    }
  }

  return {
    capacity: size * perWorker,
    read(file) {
      return new Promise<TagResponse>((resolve) => {
        if (closed) return resolve({ id: ++nextId, error: STOPPED });
        queue.push({ request: { id: ++nextId, file, imagesDir }, resolve });
        pump();
      });
    },
    close() {
      closed = true;
      for (const { request, resolve } of queue.splice(0)) resolve({ id: request.id, error: STOPPED });
      // Killed, not disconnected: a worker in the middle of a large parse would finish it first.
      for (const worker of workers) worker.child?.kill();
    },
    pid: () => workers[0]?.child?.pid,
    pids: () => workers.flatMap((worker) => (worker.child?.pid ? [worker.child.pid] : [])),
  };
}
