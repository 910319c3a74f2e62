import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AudioTags } from '@samaa/shared';
import type { FoundLyrics } from '../lyrics/sidecar.js';

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
  read(file: string): Promise<TagResponse>;
  /** Stops the worker process. */
  close(): void;
  /** The worker's process id, while it runs (for memory figures). */
  pid(): number | undefined;
}

/** The worker next to this module: TypeScript under tsx (development, tests), JavaScript when built. */
function workerEntry(): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return {
    file: fileURLToPath(new URL(`./tagReaderProcess.${fromSource ? 'ts' : 'js'}`, import.meta.url)),
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  };
}

/** A tag-reading worker process, started on first use and again if it dies. */
export function startTagReader(imagesDir: string): TagReader {
  let child: ChildProcess | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(r: TagResponse): void }>();

  function worker(): ChildProcess {
    if (child && child.connected) return child;
    const { file, execArgv } = workerEntry();
    const started = fork(file, [], { execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
    started.on('message', (response: TagResponse) => {
      pending.get(response.id)?.resolve(response);
      pending.delete(response.id);
    });
    started.on('exit', () => {
      if (child === started) child = undefined;
      for (const [id, waiter] of pending) waiter.resolve({ id, error: 'the tag reader stopped' });
      pending.clear();
    });
    child = started;
    return started;
  }

  return {
    read(file) {
      const id = ++nextId;
      return new Promise<TagResponse>((resolve) => {
        pending.set(id, { resolve });
        worker().send({ id, file, imagesDir } satisfies TagRequest);
      });
    },
    close() {
      child?.disconnect();
      child = undefined;
    },
    pid: () => child?.pid,
  };
}
