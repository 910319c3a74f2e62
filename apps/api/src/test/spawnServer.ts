import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api/dist/server.js: the production build that `npm start` runs. */
export const SERVER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/server.js');

const API_DIR = path.resolve(path.dirname(SERVER_ENTRY), '..');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = entry.name === 'test' ? newest : Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Compiles apps/api (tsc) when dist/server.js is missing or older than a source file. */
export function ensureApiBuild(): void {
  const built = fs.statSync(SERVER_ENTRY, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built >= newestSource(path.join(API_DIR, 'src'))) return;
  execFileSync(process.execPath, [path.join(API_DIR, '../../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: API_DIR,
    stdio: 'inherit',
  });
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface SpawnedServer {
  url: string;
  port: number;
  child: ChildProcess;
  pid: number;
  /** Where the server's standard output and error go. */
  logFile: string;
  /** Resident set size now, in bytes (Linux /proc). */
  rss(): number;
  /** Peak resident set size since start, in bytes (VmHWM). */
  peakRss(): number;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
  /** Sends a signal (default SIGTERM) and waits for the exit (SIGKILL after `graceMs`). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Spawns `node apps/api/dist/server.js` on a free loopback port with the given settings and
 * waits until /api/health answers 200. Run `npm run build` first.
 */
export async function spawnApiServer(
  env: Record<string, string>,
  opts: { logFile: string; timeoutMs?: number; entry?: string; nodeArgs?: readonly string[] },
): Promise<SpawnedServer> {
  const entry = opts.entry ?? SERVER_ENTRY;
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first`);
  const port = await freePort();
  const out = fs.openSync(opts.logFile, 'a');
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), entry], {
    cwd: path.dirname(opts.logFile),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the server exited during start-up:\n${fs.readFileSync(opts.logFile, 'utf8').slice(-2000)}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy in time:\n${fs.readFileSync(opts.logFile, 'utf8').slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    url,
    port,
    child,
    pid,
    logFile: opts.logFile,
    rss: () => procStatus(pid, 'VmRSS'),
    peakRss: () => procStatus(pid, 'VmHWM'),
    exited,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
