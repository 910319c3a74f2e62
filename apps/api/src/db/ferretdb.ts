import { spawn, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Logger } from '../logger.js';
import { applyEnginePatches, patchesFingerprint } from './ferretdbPatches.js';

export const FERRETDB_VERSION = 'v1.24.2';

const run = promisify(execFile);

/** The repository root: the folder that holds tools/ferretdb (also from apps/api/dist). */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'tools', 'ferretdb', 'go.mod'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find tools/ferretdb (is this a Samaa checkout?)');
    dir = parent;
  }
}

export function cacheDir(): string {
  return process.env.SAMAA_CACHE_DIR
    ? path.resolve(process.env.SAMAA_CACHE_DIR)
    : path.join(repoRoot(), '.cache');
}

/** A hash of the launcher's source and patch, in the binary's name: a changed one is built again. */
function launcherRevision(): string {
  const dir = path.join(repoRoot(), 'tools', 'ferretdb');
  const hash = createHash('sha256');
  for (const file of ['main.go', 'go.mod', 'go.sum']) hash.update(fs.readFileSync(path.join(dir, file)));
  hash.update(patchesFingerprint());
  return hash.digest('hex').slice(0, 8);
}

/** Copies the launcher into `dir`, vendors its modules and applies the engine's patches. */
async function patchedSource(go: string, dir: string): Promise<void> {
  const source = path.join(repoRoot(), 'tools', 'ferretdb');
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ['main.go', 'go.mod', 'go.sum']) fs.copyFileSync(path.join(source, file), path.join(dir, file));
  await run(go, ['mod', 'vendor'], { cwd: dir, env: { ...process.env, GOFLAGS: '' }, maxBuffer: 16 * 1024 * 1024 });
  applyEnginePatches(dir);
}

export function ferretBinaryPath(): string {
  return path.join(cacheDir(), 'ferretdb', `ferretdb-${FERRETDB_VERSION}-${launcherRevision()}`);
}

async function findGo(): Promise<string | undefined> {
  for (const candidate of ['go', '/usr/local/go/bin/go', '/usr/lib/go/bin/go']) {
    try {
      await run(candidate, ['version']);
      return candidate;
    } catch {
      /* try the next */
    }
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds the FerretDB launcher in tools/ferretdb once into the git-ignored cache. Concurrent
 * callers (parallel test runs) wait on a lock folder instead of building twice.
 */
export async function ensureFerretBinary(logger: Logger): Promise<string> {
  const binary = ferretBinaryPath();
  if (fs.existsSync(binary)) return binary;
  const go = await findGo();
  if (!go) throw new Error('Go is not installed, so FerretDB cannot be built');
  fs.mkdirSync(path.dirname(binary), { recursive: true });
  const lock = `${binary}.lock`;
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (fs.existsSync(binary)) return binary;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another FerretDB build');
      await sleep(1000);
    }
  }
  try {
    if (fs.existsSync(binary)) return binary;
    logger.info(`building FerretDB ${FERRETDB_VERSION} once into ${path.dirname(binary)} (takes a minute or two)`);
    const tmp = `${binary}.${process.pid}.tmp`;
    const src = `${binary}.${process.pid}.src`;
    const started = Date.now();
    try {
      await patchedSource(go, src);
      await run(go, ['build', '-mod=vendor', '-trimpath', '-o', tmp, '.'], {
        cwd: src,
        env: { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' },
        maxBuffer: 16 * 1024 * 1024,
      });
    } finally {
      fs.rmSync(src, { recursive: true, force: true });
    }
    fs.renameSync(tmp, binary);
    logger.info(`built FerretDB ${FERRETDB_VERSION} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return binary;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export interface RunningFerret {
  uri: string;
  /** The FerretDB process id (fault tests kill it). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The engine's environment. Go's collector lets the heap grow to twice what is live before it
 * runs, so a burst of large answers (the full song list to many clients) left the engine large; a
 * soft limit makes it collect sooner near the limit (it never refuses memory), and collecting at
 * half again what is live (GOGC=50) instead of twice lowered its peak over the bench, the write
 * cases within noise (docs/performance.md, "Figures behind the code").
 * GOMEMLIMIT and GOGC set by the operator win.
 */
export function engineEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, GOMEMLIMIT: env.GOMEMLIMIT ?? ENGINE_MEMORY_LIMIT, GOGC: env.GOGC ?? ENGINE_GC_PERCENT };
}
export const ENGINE_GC_PERCENT = '50';
export const ENGINE_MEMORY_LIMIT = '64MiB';

/**
 * Connections to FerretDB. On SQLite it gains nothing from more than a few, and every open query
 * costs it memory: with many, a burst of concurrent reads grew the engine several times over and
 * served fewer requests (docs/performance.md, "Figures behind the code").
 */
export const FERRETDB_POOL_SIZE = 8;

/**
 * Starts FerretDB (SQLite backend) on loopback, storing its files in `dataDir`: on a free port,
 * or on `opts.port` (fault tests restart it where the app expects it).
 */
export async function startFerret(dataDir: string, logger: Logger, opts: { port?: number } = {}): Promise<RunningFerret> {
  const binary = await ensureFerretBinary(logger);
  fs.mkdirSync(dataDir, { recursive: true });
  const listen = `127.0.0.1:${opts.port ?? 0}`;
  const child = spawn(binary, ['--listen-addr', listen, '--sqlite-dir', dataDir, '--log-level', 'error'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: engineEnv(process.env),
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stderr.push(text);
    if (stderr.length > 50) stderr.shift();
    logger.debug({ ferretdb: text.trim() }, 'ferretdb');
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const uri = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error('FerretDB did not start within 30 s')), 30_000);
    lines.on('line', (line) => {
      const m = /^READY (mongodb:\/\/\S+)/.exec(line);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`FerretDB exited with code ${code}: ${stderr.join('').trim().slice(-500)}`));
    });
  });

  return {
    uri,
    pid: child.pid!,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
